import { RE2JS } from 're2js';
import { describe, expect, it, vi } from 'vitest';
import { compileGoRegex } from '../../src/nuclei/regex/go-regex.js';
import { requiredLiterals } from '../../src/nuclei/regex/required-literal.js';
import {
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
