import { RE2JS } from 're2js';
import { describe, expect, it, vi } from 'vitest';
import { compileGoRegex } from '../../src/nuclei/regex/go-regex.js';
import { requiredLiterals } from '../../src/nuclei/regex/required-literal.js';
import {
  hasOnlyTrailingQuantifier,
  isQuantifierFree,
  mayBacktrackCatastrophically,
  translateGoRegex,
} from '../../src/nuclei/regex/translate-go-regex.js';

describe('Go regular expressions', () => {
  it('hoists leading inline flags to JavaScript flags', () => {
    expect(translateGoRegex('(?is)a.b')).toEqual({ source: 'a.b', flags: 'is' });
    expect(translateGoRegex('(?i)a.b')).toEqual({ source: 'a[^\\n]b', flags: 'i' });
    expect(compileGoRegex('(?i)SERVER').test('server: x')).toBe(true);
  });

  it('keeps only quantifier-free patterns on JavaScript; everything else on RE2', () => {
    expect(isQuantifierFree('(?:ab|cd)\\.x')).toBe(true);
    expect(isQuantifierFree('\\(?x')).toBe(false);
    expect(isQuantifierFree('a{2}')).toBe(false);
    expect(compileGoRegex('(?i)server: nginx').engine).toBe('js');
    expect(compileGoRegex('[a-z]+@x').engine).toBe('re2');
    expect(compileGoRegex('a.b').test('a\rb')).toBe(true);
    expect(compileGoRegex('a\\sb').test('a\vb')).toBe(false);
  });

  it('translates \\A, \\z and (?P<name>)', () => {
    const re = compileGoRegex('(?m)\\Aab(?P<rest>c+)\\z');
    expect(re.findAll('abcc')[0]?.groups[1]).toBe('cc');
    expect(re.test('x\nabcc')).toBe(false);
  });

  it('runs patterns with flags in the middle on RE2 with Go semantics', () => {
    const re = compileGoRegex('a(?i)B');
    expect(re.engine).toBe('re2');
    expect(re.test('ab')).toBe(true);
    expect(re.test('Ab')).toBe(false);
  });

  it('sends nested quantifiers to the linear-time engine and returns fast', () => {
    expect(mayBacktrackCatastrophically('(a+)+$')).toBe(true);
    expect(mayBacktrackCatastrophically('(\\w|\\d)*x')).toBe(true);
    expect(mayBacktrackCatastrophically('version: ([0-9.]+)')).toBe(false);
    const re = compileGoRegex('^(a+)+$');
    expect(re.engine).toBe('re2');
    const started = Date.now();
    expect(re.test(`${'a'.repeat(50_000)}!`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an invalid pattern with the pattern in the message', () => {
    expect(() => compileGoRegex('a(b')).toThrow(/a\(b/);
  });

  it('refuses at compile time what Go refuses though JavaScript accepts it', () => {
    expect(() => compileGoRegex('(?<=a)b+')).toThrow(/\(\?<=a\)b\+/);
    expect(() => compileGoRegex('a{1001}')).toThrow(/a\{1001\}/);
  });

  it('accepts Go-only syntax the translator refuses (flags inside, \\S in a class) and matches as Go', () => {
    const re = compileGoRegex('key[^\\S\\r\\n]*=(?i)SECRET+');
    expect(re.test('key \t=secrett')).toBe(true);
    expect(re.test('key\n=secret')).toBe(false);
    expect(() => compileGoRegex('(?i)a)+')).toThrow(/a\)\+/);
  });

  it('matches with RE2 semantics when the program is built at first use', () => {
    const re = compileGoRegex('server: ([a-z]+)\\s*v(\\d+)');
    expect(re.engine).toBe('re2');
    expect(re.findAll('Server: x\nserver: nginx v12')[0]?.groups).toEqual([
      'server: nginx v12',
      'nginx',
      '12',
    ]);
    expect(re.test('server: NGINX v1')).toBe(false);
  });
});

describe('required literals (the pre-check before RE2)', () => {
  it('takes one literal per branch of a top-level alternation, none when a branch has none', () => {
    expect(requiredLiterals('(?mi)coin\\-hive\\.com|coinhive|miner\\.start', false)).toEqual({
      texts: ['coin-hive.com', 'coinhive', 'miner.start'],
      caseInsensitive: true,
    });
    expect(requiredLiterals('abc[|]def|(x|y)ghi', false)?.texts).toEqual(['abc', 'ghi']);
    expect(requiredLiterals('coinhive|.*', false)).toBeUndefined();
    // Flags in the middle: every literal is then read case-insensitively, which is never wrong.
    expect(requiredLiterals('.{0,5}(?i)\\bEagle Cyber\\b.{0,5}', false)).toEqual({
      texts: ['eagle cyber'],
      caseInsensitive: true,
    });
    expect(compileGoRegex('.{0,5}(?i)\\bEagle Cyber\\b.{0,5}').test('by EAGLE cyber!')).toBe(true);
  });

  it('still finds a match in any branch', () => {
    const re = compileGoRegex('(?mi)coin\\-hive\\.com|miner\\.start\\(\\d+\\)');
    expect(re.test('<script>Miner.start(3)</script>')).toBe(true);
    expect(re.test('<script>miner.stop()</script>')).toBe(false);
  });
});

describe('RE2 hot path', () => {
  it('asks the DFA first and walks the NFA only for a body that matches', () => {
    const matcher = vi.spyOn(RE2JS.prototype, 'matcher');
    try {
      // Case-insensitive, no literal RE2 can skip to: every character is examined.
      const re = compileGoRegex('(?i)(?:twitter)(?:[0-9a-z\\-_\\t .]{0,20})(?:=|:)\\s*"?([a-z0-9]{20,40})');
      const page = '<a href="https://twitter.com/x">Twitter</a>'.repeat(2000);
      expect(re.test(page)).toBe(false);
      expect(re.findAll(page)).toEqual([]);
      expect(matcher).not.toHaveBeenCalled();
      const groups = re.findAll(`${page} TWITTER_token = "abcdefghij0123456789xyz"`).map((m) => m.groups[1]);
      expect(groups).toEqual(['abcdefghij0123456789xyz']);
      expect(matcher).toHaveBeenCalledTimes(1);
    } finally {
      matcher.mockRestore();
    }
  });
});

describe('patterns whose one quantifier ends them', () => {
  it('run as a native RegExp only when nothing can follow the greedy run', () => {
    expect(hasOnlyTrailingQuantifier('(?i)server: ([^\\r\\n]+)')).toBe(true);
    expect(hasOnlyTrailingQuantifier('version=(?P<v>\\d+)')).toBe(true);
    expect(hasOnlyTrailingQuantifier('"version":"([^"]+)"')).toBe(false); // a quote follows the run
    expect(hasOnlyTrailingQuantifier('[a-z]+@x')).toBe(false);
    expect(hasOnlyTrailingQuantifier('a|b[0-9]+')).toBe(false);
    expect(hasOnlyTrailingQuantifier('a?b+')).toBe(false);
    expect(hasOnlyTrailingQuantifier('ab+?')).toBe(false);
    expect(hasOnlyTrailingQuantifier('(ab)+')).toBe(false);
    // A match that may be empty is found differently by Go's FindAll: left to RE2.
    expect(hasOnlyTrailingQuantifier('x*')).toBe(false);
    expect(hasOnlyTrailingQuantifier('(?i)x*')).toBe(false);
    expect(hasOnlyTrailingQuantifier('ax*')).toBe(true);
    expect(compileGoRegex('(?i)server: ([^\\r\\n]+)').engine).toBe('js');
    expect(compileGoRegex('[a-z]+@x').engine).toBe('re2');
  });

  it('give what RE2 gives, and stay linear on a long unbroken line', () => {
    const patterns = [
      '(?i)server: ([^\\r\\n]+)',
      'version=(?P<v>\\d+)',
      'a.b*',
      '(?s)<title>(.+)',
      'k[0-9a-f]+',
      '(?i)key_([A-Z]+)',
    ];
    const inputs = [
      'Server: nginx/1.25\r\nSERVER: x\n',
      'version=12 version=3 version=',
      'a\nb a b abbb ab\rbb',
      '<title>t\n</title> <TITLE>x',
      'k00 kff kzz k',
      // Responses are byte strings (one latin1 character per byte), as the engine reads them.
      'KEY_abc key_DEF kEy_\u00ff\u00b5 key_\u00c5',
      'x'.repeat(1000),
    ];
    for (const p of patterns) {
      const re = compileGoRegex(p);
      expect(re.engine, p).toBe('js');
      const go = RE2JS.compile(p);
      for (const input of inputs) {
        const ours = re.findAll(input).map((m) => m.groups);
        const theirs: (string | undefined)[][] = [];
        const m = go.matcher(input);
        while (m.find())
          theirs.push(Array.from({ length: m.groupCount() + 1 }, (_, g) => m.group(g) ?? undefined));
        expect(ours, `${p} on ${JSON.stringify(input.slice(0, 40))}`).toEqual(theirs);
      }
    }
    const started = performance.now();
    expect(compileGoRegex('(?i)server: ([^\\r\\n]+)').test(`server: ${'a'.repeat(200_000)}`)).toBe(true);
    expect(compileGoRegex('k[0-9a-f]+').findAll('k'.repeat(200_000)).length).toBe(0);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
