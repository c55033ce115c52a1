import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { evaluateDsl, evaluateDslCondition } from '../../src/nuclei/dsl/evaluate.js';
import { helperNames } from '../../src/nuclei/dsl/helpers.js';
import { renderTemplate } from '../../src/nuclei/dsl/render.js';
import type { DslValue } from '../../src/nuclei/dsl/values.js';

const scope = (o: Record<string, DslValue>) => new Map(Object.entries(o));

describe('DSL with govaluate semantics', () => {
  it('treats numbers as float64 so status_code == 200 holds', () => {
    expect(evaluateDsl('status_code == 200', scope({ status_code: 200 }))).toBe(true);
  });

  it('never converts types in ==', () => {
    expect(evaluateDsl('"200" == 200', scope({}))).toBe(false);
  });

  it('joins strings with + when either side is a string', () => {
    expect(evaluateDsl('"a" + 1', scope({}))).toBe('a1');
    expect(evaluateDsl('1 + 2 * 3', scope({}))).toBe(7);
  });

  it('counts a missing variable, a type mismatch or a non-boolean as no match', () => {
    expect(evaluateDslCondition('nope == 1', scope({}))).toBe(false);
    expect(evaluateDslCondition('"a" > 1', scope({}))).toBe(false);
    expect(evaluateDslCondition('"a"', scope({}))).toBe(false);
  });

  it('applies && before ||, and comparisons before &&', () => {
    expect(evaluateDsl('true || false && false', scope({}))).toBe(true);
    expect(evaluateDsl('1 < 2 && 3 >= 3', scope({}))).toBe(true);
  });

  it('supports =~, in and the ternary operator', () => {
    expect(evaluateDsl('body =~ "^ab+c$"', scope({ body: 'abbc' }))).toBe(true);
    expect(evaluateDsl('status_code in (200, 301)', scope({ status_code: 301 }))).toBe(true);
    expect(evaluateDsl('x > 1 ? "big" : "small"', scope({ x: 5 }))).toBe('big');
  });

  it('stringifies helper arguments: len(5555) is 4', () => {
    expect(evaluateDsl('len(5555)', scope({}))).toBe(4);
  });

  it('to_lower and to_upper change ASCII letters only, as Go does on the bytes of a body', () => {
    // A byte string: À is byte 0xC0, É in UTF-8 is bytes 0xC3 0x89. Go leaves every byte ≥ 0x80 alone.
    const body = 'ÀB-Cz\xC3\x89';
    expect(evaluateDsl('to_lower(body)', scope({ body }))).toBe('Àb-cz\xC3\x89');
    expect(evaluateDsl('to_upper(body)', scope({ body: 'àb-Cz\xE9' }))).toBe('àB-CZ\xE9');
    expect(evaluateDsl('to_lower(body)', scope({ body: 'Apache/2.4 SERVER ok' }))).toBe(
      'apache/2.4 server ok',
    );
    expect(evaluateDsl('to_upper(body)', scope({ body: 'Apache/2.4 server OK' }))).toBe(
      'APACHE/2.4 SERVER OK',
    );
  });

  it('answers to helper names without underscores', () => {
    expect(evaluateDsl('tolower("AbC")', scope({}))).toBe('abc');
    expect(evaluateDsl('base64decode("aGk=")', scope({}))).toBe('hi');
  });

  it('has at least 40 helpers with Nuclei results', () => {
    expect(helperNames().length).toBeGreaterThanOrEqual(60);
    const cases: [string, DslValue][] = [
      ['contains("abc", "b")', true],
      ['contains_all("abc", "a", "c")', true],
      ['contains_any("abc", "x", "c")', true],
      ['to_upper("ab")', 'AB'],
      ['concat("a", 1, "b")', 'a1b'],
      // projectdiscovery/dsl since v0.4.0: a space is %20 and '+' is not decoded (Go's QueryEscape before).
      ['url_encode("a b&c")', 'a%20b%26c'],
      ['url_decode("a+b%26c")', 'a+b&c'],
      ['md5("Hello")', '8b1a9953c4611296a827abf8c47804d7'],
      ['sha1("a")', '86f7e437faa5a7fce15d1ddcb9eaeaea377667b8'],
      ['sha256("a")', 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb'],
      ['base64("nuclei")', 'bnVjbGVp'],
      ['base64_py("nuclei")', 'bnVjbGVp\n'],
      ['hex_encode("ab")', '6162'],
      ['hex_decode("6162")', 'ab'],
      ['mmh3("hello")', '613153351'],
      ['regex("^v[0-9]+$", "v12")', true],
      ['len("abc")', 3],
      ['trim_space("  x ")', 'x'],
      ['trim_prefix("foobar", "foo")', 'bar'],
      ['trim_suffix("foobar", "bar")', 'foo'],
      ['replace("aXa", "X", "-")', 'a-a'],
      ['replace_regex("a1b22", "[0-9]+", "#")', 'a#b#'],
      ['reverse("abc")', 'cba'],
      ['repeat("ab", 2)', 'abab'],
      ['starts_with("nuclei", "nu")', true],
      ['ends_with("nuclei", "lei")', true],
      ['html_escape("<a>")', '&lt;a&gt;'],
      ['html_unescape("&lt;a&gt;")', '<a>'],
      ['to_number("12")', 12],
      ['to_string(12)', '12'],
      ['dec_to_hex(255)', 'ff'],
      ['hex_to_dec("ff")', 255],
      ['compare_versions("1.2.3", "< 1.3", ">= 1.2")', true],
      ['compare_versions("2.4.50", "< 2.4.49")', false],
      ['gzip_decode(gzip("x"))', 'x'],
      ['zlib_decode(zlib("x"))', 'x'],
      ['join("-", "a", "b")', 'a-b'],
      ['substr("abcdef", 1, 3)', 'bc'],
      ['equals_any("b", "a", "b")', true],
      ['crc32("abc")', 891568578],
      ['hmac("sha256", "data", "key")', '5031fe3d989c6d1537a013fa6e739da23463fdaec3b70137d828e36ace221bd0'],
      ['len(rand_base(8))', 8],
      ['len(rand_text_alpha(6))', 6],
      ['len(rand_text_numeric(4))', 4],
    ];
    for (const [expr, expected] of cases)
      expect([expr, evaluateDsl(expr, scope({}))]).toEqual([expr, expected]);
  });

  it('works on bytes, not UTF-8 text', () => {
    expect(evaluateDsl('len(body)', scope({ body: '\u00ff\u00fe' }))).toBe(2);
  });
});

describe('renderTemplate', () => {
  it('replaces variables and expressions, innermost first', () => {
    const s = scope({ user: 'admin', pass: 'pw', BaseURL: 'http://h' });
    expect(renderTemplate('{{BaseURL}}/{{base64("{{user}}:{{pass}}")}}', s)).toBe('http://h/YWRtaW46cHc=');
    expect(renderTemplate('§user§', s)).toBe('admin');
  });

  it('leaves unknown markers in place', () => {
    expect(renderTemplate('{{nope}}-{{user}}', scope({ user: 'u' }))).toBe('{{nope}}-u');
  });
});

describe('helpers added for the community corpus', () => {
  it('generate_jwt signs claims as Nuclei does (keys sorted, HTML escaped, HMAC)', () => {
    // Expected token computed separately with Python's hmac over the same bytes.
    expect(
      evaluateDsl(`generate_jwt('{"user":"admin","html":"<b>","a":1}', 'HS256', 'secret')`, scope({})),
    ).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhIjoxLCJodG1sIjoiXHUwMDNjYlx1MDAzZSIsInVzZXIiOiJhZG1pbiJ9.e2ELDTfWkMvzr2aFDMARJm5vgOa51ee2mD552_NIKCs',
    );
    expect(evaluateDsl(`generate_jwt('{}', 'none')`, scope({}))).toBe(
      'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.e30.',
    );
    expect(evaluateDslCondition(`generate_jwt('not json', 'HS256') != ''`, scope({}))).toBe(false);
  });

  it('zip builds an archive holding each entry', () => {
    const archive = evaluateDsl(`zip('plugin/a.php', '<?php echo 1; ?>', 'b.txt', 'bee')`, scope({}));
    const files = unzipSync(Buffer.from(String(archive), 'latin1'));
    expect(Object.keys(files)).toEqual(['plugin/a.php', 'b.txt']);
    expect(Buffer.from(files['plugin/a.php']!).toString()).toBe('<?php echo 1; ?>');
  });
});
