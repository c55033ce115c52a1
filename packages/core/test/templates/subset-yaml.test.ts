import { describe, expect, it } from 'vitest';
import { fastLoad, jsYamlLoad } from '../../src/templates/fast-yaml.js';
import { subsetLoad } from '../../src/templates/subset-yaml.js';

// The subset reader must give exactly js-yaml's data wherever it answers, and leave the rest to it.

const taken: Record<string, string> = {
  'a template': `id: git-config
info:
  name: Exposed .git/config
  author: alice,bob
  severity: medium
  tags: git,exposure
  metadata:
    max-request: 1
    shodan-query: "http.title:\\"Index of\\""
http:
  - method: GET
    path:
      - "{{BaseURL}}/.git/config"
      - '{{RootURL}}/it''s'
    headers:
      User-Agent: didban
      "X-Quoted": 'yes'
    matchers-condition: and
    matchers:
      - type: word
        words: ["[core]", 'a, b', plain words, 12, 0x1F]
      - type: status
        status:
        - 200
        - 301
    extractors:
      - type: regex
        regex: []
        internal: true
`,
  'literals and their line ends': `raw:
  - |
    GET /x HTTP/1.1
    Host: {{Hostname}}

    body line   
      more indented

  - |-
    POST / HTTP/1.1
    # not a comment inside a literal

last: |
  at the end`,
  'typed plain scalars': `ints: [1, -2, +3, 0o17, 0x1F]
floats: [1.5, -.5, 1e3, .inf, -.Inf, .nan]
number-like: [0123, 1.10, 12345678901234567, 1.0]
nulls: [~, null, Null, NULL]
empty:
bools: [true, False, TRUE]
text: [yes, no, on, off, 1_000, 0b101, "12"]
colon: 1:2
`,
  'comments and blank lines everywhere': `# leading comment

id: x # trailing comment
info:   # after a key
  # indented comment
  name: a#b c # d

  tags:
    - one   # one

    - "two" # two
list:
- at the key's indent
- nested
`,
  'escapes in double quotes': `a: "tab\\t nl\\n quote\\" slash\\/ bs\\\\ hex\\x41 u\\u00e9 U\\U0001F600 nul\\0 nel\\N nbsp\\_"
b: ''
c: ""
d: {}
`,
  'maps inside list entries': `steps:
  -   key: spaced
      other: 1
  - "quoted key": v
    next:
      - deep
  -
    alone: line
  - # comment
    after: comment
`,
};

const refused: Record<string, string> = {
  'a duplicate key': 'id: a\nid: b\n',
  'a duplicate nested key': 'info:\n  name: a\n  name: b\n',
  'an anchor and an alias': 'a: &x [1]\nb: *x\n',
  'a tag': 'a: !!int "12"\n',
  'a folded scalar': 'a: >\n  folded\n  text\n',
  'a multi-line plain scalar': 'a: first\n  second\n',
  'a multi-line quoted scalar': 'a: "first\n  second"\n',
  'a tab': 'a:\tb\n',
  'CRLF line ends': 'a: b\r\nc: d\r\n',
  'a keep literal': 'a: |+\n  x\n\n',
  'an indentation indicator': 'a: |2\n   x\n',
  'a typed key': 'True: 1\n',
  'a __proto__ key': '__proto__: 1\n',
  'a flow map': 'a: {b: 1}\n',
  'a nested flow list': 'a: [[1], 2]\n',
  'a value with a colon and space': 'a: b: c\n',
  'a deeper line after a value': 'a: 1\n  b: 2\n',
  'a list entry in a map': 'a: 1\n- b\n',
  'a byte order mark': '\uFEFFa: 1\n',
  'a document marker': '---\na: 1\n',
  'a complex key': '? a\n: b\n',
  'a non-printable character': 'a: b # \x07\n',
  'a root list': '- a\n',
  'an unquoted template expression': 'a: {{BaseURL}}\n',
  'a literal with blank lines first': 'a: |\n\n  x\n',
  'an empty literal': 'a: |\nb: 1\n',
  'an unknown escape': 'a: "\\q"\n',
};

describe('subsetLoad', () => {
  for (const [name, text] of Object.entries(taken)) {
    it(`reads ${name} as js-yaml does`, () => {
      const data = subsetLoad(text);
      expect(data).toBeDefined();
      expect(data).toStrictEqual(jsYamlLoad(text));
    });
  }

  it('keeps literal line ends as YAML says (a spot check beside js-yaml)', () => {
    const data = subsetLoad(taken['literals and their line ends']!) as { raw: string[]; last: string };
    expect(data.raw[0]).toBe('GET /x HTTP/1.1\nHost: {{Hostname}}\n\nbody line   \n  more indented\n');
    expect(data.raw[1]).toBe('POST / HTTP/1.1\n# not a comment inside a literal');
    expect(data.last).toBe('at the end\n');
  });

  for (const [name, text] of Object.entries(refused)) {
    it(`leaves ${name} to js-yaml`, () => {
      expect(subsetLoad(text)).toBeUndefined();
      // What the loader builds is js-yaml's answer, data or none.
      expect(fastLoad(text)).toStrictEqual(jsYamlLoad(text));
    });
  }

  it('gives a hostile nesting depth to js-yaml instead of throwing', () => {
    const deep = Array.from({ length: 4_000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(subsetLoad(deep)).toBeUndefined();
    expect(() => fastLoad(deep)).not.toThrow();
  });

  it('never differs from js-yaml on generated templates and their one-character mutations', () => {
    const random = seeded(18);
    let answered = 0;
    let generated = 0;
    for (let n = 0; n < 1500; n++) {
      const text = `id: t${n}\n${randomMap(random, 0, 0)}`;
      generated++;
      const data = subsetLoad(text);
      if (data !== undefined) {
        answered++;
        expect(data, text).toStrictEqual(jsYamlLoad(text));
      }
      for (let m = 0; m < 6; m++) {
        const mutated = mutate(random, text);
        const got = subsetLoad(mutated);
        // Wherever the subset answers, js-yaml must answer the same (also: not refuse the text).
        if (got !== undefined) expect(got, mutated).toStrictEqual(jsYamlLoad(mutated));
      }
    }
    // The generator writes the subset's shapes: most of its texts must be answered, not refused.
    expect(answered / generated).toBeGreaterThan(0.9);
  });
});

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const KEYS = ['name', 'path', 'type', 'words', 'part', 'max-request', 'a.b', 'x_y', 'dsl', 'status'];
const SCALARS = [
  'GET',
  '"{{BaseURL}}/x?a=1"',
  '/x?a={{a}}',
  '"quoted \\"x\\" \\u00e9"',
  "'single ''q'''",
  '12',
  '-3.5',
  '0x1F',
  '0123',
  '~',
  'true',
  'False',
  'text with # hash',
  'text # comment',
  '[a, "b", 3, ~]',
  '[]',
  '{}',
  'http://host:8080/',
  '"a: b"',
  '.inf',
];

function randomScalar(random: () => number, indent: number): string {
  if (random() < 0.12) {
    const pad = ' '.repeat(indent + 2);
    const lines = ['GET / HTTP/1.1', 'Host: {{Hostname}}', '', '  indented', 'last'];
    return `${pick(random, ['|', '|-'])}\n${lines.map((l) => (l ? pad + l : '')).join('\n')}`;
  }
  return pick(random, SCALARS);
}

function randomMap(random: () => number, indent: number, depth: number): string {
  const pad = ' '.repeat(indent);
  const keys = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(random, KEYS)))];
  return keys
    .map((key) => {
      const r = random();
      if (depth < 3 && r < 0.25) return `${pad}${key}:\n${randomMap(random, indent + 2, depth + 1)}`;
      if (depth < 3 && r < 0.5) {
        const sameIndent = random() < 0.3;
        return `${pad}${key}:\n${randomList(random, sameIndent ? indent : indent + 2, depth + 1)}`;
      }
      return `${pad}${key}: ${randomScalar(random, indent)}\n`;
    })
    .join('');
}

function randomList(random: () => number, indent: number, depth: number): string {
  const pad = ' '.repeat(indent);
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    if (depth < 3 && random() < 0.4) {
      const map = randomMap(random, indent + 2, depth + 1);
      return `${pad}- ${map.slice(indent + 2)}`;
    }
    if (random() < 0.1) return `${pad}# a comment\n${pad}- ${randomScalar(random, indent)}\n`;
    return `${pad}- ${randomScalar(random, indent)}\n`;
  }).join('');
}

/** One random edit where YAML is touchy: a space, a colon, a dash, a quote, a hash, a line break. */
function mutate(random: () => number, text: string): string {
  const at = Math.floor(random() * text.length);
  const edit = random();
  if (edit < 0.3) return text.slice(0, at) + text.slice(at + 1);
  return (
    text.slice(0, at) +
    pick(random, [' ', ':', '-', '"', "'", '#', '\n', '  ', ': ', '|', '[', '&a ', '\t']) +
    text.slice(at)
  );
}
