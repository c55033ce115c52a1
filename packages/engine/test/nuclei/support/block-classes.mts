// Run by block-classes.test.ts in a child started with --allow-natives-syntax (V8's %HaveSameMap):
// prints whether the http blocks of many loaded templates share one hidden class.
import { loadTemplates } from '../../../src/index.js';

const template = (id: string) => `id: ${id}
info:
  name: ${id}
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/${id}"
    matchers:
      - type: word
        words: ["${id}"]
`;
// Enough templates for V8 to optimise the block builders: the classes they make then are the ones
// a corpus load and a scan use.
const { templates } = loadTemplates(Array.from({ length: 3000 }, (_, i) => ({ content: template(`t${i}`) })));
const [first, last] = [templates[100]!.blocks[0], templates[2999]!.blocks[0]];
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: unknown,
  b: unknown,
) => boolean;
console.log(JSON.stringify({ sameClass: haveSameMap(first, last) }));
