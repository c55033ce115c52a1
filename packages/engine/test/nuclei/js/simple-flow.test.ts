import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../../src/nuclei/js/flow/compile-flow.js';
import { parseSimpleFlow } from '../../../src/nuclei/load/simple-flow.js';

describe('the && / || flow form that runs without a JavaScript runtime', () => {
  it('reads calls by index, by quoted id, several ids and none', () => {
    expect(parseSimpleFlow('http(1) && (dns("probe") || network())')).toEqual({
      kind: 'and',
      left: { kind: 'call', protocol: 'http', ids: ['1'] },
      right: {
        kind: 'or',
        left: { kind: 'call', protocol: 'dns', ids: ['probe'] },
        right: { kind: 'call', protocol: 'tcp', ids: [] },
      },
    });
    expect(parseSimpleFlow("ssl('a', 2);")).toEqual({ kind: 'call', protocol: 'ssl', ids: ['a', '2'] });
  });

  it('leaves every other program to the sandbox', () => {
    for (const source of [
      'for (const x of [1]) http(1)',
      'http(1); http(2)',
      'code(1) && http(1)',
      'http(x)',
    ]) {
      expect(parseSimpleFlow(source)).toBeUndefined();
      expect(compileFlow(source)).toEqual({ source });
    }
  });
});
