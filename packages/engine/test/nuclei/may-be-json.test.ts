import { describe, expect, it } from 'vitest';
import { mayBeJson } from '../../src/nuclei/operators/may-be-json.js';

// Bodies a json extractor meets that are not JSON: each used to reach JSON.parse and its throw.
const NOT_JSON = [
  'not found',
  '404 Not Found',
  '[core]\n\trepositoryformatversion = 0\n',
  '{{BaseURL}} is down',
  'nullable',
  'true story',
  'falsehood',
  '"quoted" and more',
  '{ key: 1 }',
  '[ core ]',
  '1.2.3',
  '-',
  '{',
  '[',
  '"',
  '',
  ' \n\t',
  '<html></html>',
  '\u00a0{}',
];

const JSON_TEXTS = [
  '{}',
  '[]',
  ' { "a" : 1 } \n',
  '[1, 2]',
  '[ {"a": [true, false, null]} ]',
  '["x"]',
  '[-1]',
  '[[]]',
  '{ }',
  '"text"',
  ' "" ',
  'true',
  'false',
  'null',
  '\r\nnull\t',
  '0',
  '-0.5e+10',
  '12',
  '{"version":"3.1.4","name":"demo"}',
];

describe('mayBeJson', () => {
  it('says no to common bodies that are not JSON', () => {
    for (const text of NOT_JSON) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(mayBeJson(text), text).toBe(false);
    }
  });

  it('says yes to every JSON text', () => {
    for (const text of JSON_TEXTS) {
      expect(() => JSON.parse(text), text).not.toThrow();
      expect(mayBeJson(text), text).toBe(true);
    }
  });

  it('never refuses text JSON.parse accepts (random texts from JSON characters)', () => {
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ',',
      ':',
      ' ',
      '\n',
      '1',
      '0',
      '-',
      '.',
      'e',
      'true',
      'null',
      'a',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    let accepted = 0;
    for (let n = 0; n < 100_000; n++) {
      let text = '';
      const length = 1 + (next() % 8);
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      if (parses) {
        accepted++;
        expect(mayBeJson(text), text).toBe(true);
      }
    }
    // The generator must reach valid JSON often enough for the check to mean something.
    expect(accepted).toBeGreaterThan(500);
  });
});
