import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../src/templates/index.js';

const valid = `id: exposed-git-config
info:
  name: Exposed .git/config
  author: alice, bob
  severity: Medium
  tags: [git, exposure]
http:
  - method: GET
    path:
      - "{{BaseURL}}/.git/config"
    matchers:
      - type: word
        words: ["[core]"]
`;

describe('parseTemplate', () => {
  it('accepts a valid template and normalises authors, tags and severity', () => {
    const result = parseTemplate(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template.id).toBe('exposed-git-config');
    expect(result.template.info.author).toEqual(['alice', 'bob']);
    expect(result.template.info.tags).toEqual(['git', 'exposure']);
    expect(result.template.info.severity).toBe('medium');
    expect(result.template.protocols).toEqual(['http']);
    expect(result.template.http).toHaveLength(1);
  });

  it('reports malformed YAML with its line', () => {
    const result = parseTemplate('id: x\ninfo:\n  name: [unclosed\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.message).toMatch(/^invalid YAML/);
    expect(result.errors[0]?.line).toBeGreaterThanOrEqual(3);
  });

  it('rejects an id that breaks the naming rule, pointing at the id line', () => {
    const result = parseTemplate(valid.replace('exposed-git-config', 'bad id!'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([expect.objectContaining({ path: 'id', line: 1, column: 5 })]);
  });

  it('requires info.name and info.author', () => {
    const result = parseTemplate('id: a\ninfo:\n  severity: low\nhttp:\n  - path: ["{{BaseURL}}"]\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(['info.name', 'info.author']);
  });

  it('rejects an unknown severity but only warns when it is missing', () => {
    const bad = parseTemplate(valid.replace('Medium', 'urgent'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ path: 'info.severity', line: 5 });
    const missing = parseTemplate(valid.replace('  severity: Medium\n', ''));
    expect(missing.ok).toBe(true);
    if (missing.ok) {
      expect(missing.template.info.severity).toBe('unknown');
      expect(missing.warnings[0]?.path).toBe('info.severity');
    }
  });

  it('reports an unknown field with its path and line', () => {
    const result = parseTemplate(valid.replace('    matchers:', '    matcher:'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual(
      expect.objectContaining({ path: 'http[0].matcher', line: 11, message: 'unknown field "matcher"' }),
    );
  });

  it('reports a wrong matcher type with the accepted values', () => {
    const result = parseTemplate(valid.replace('type: word', 'type: words'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ path: 'http[0].matchers[0].type', line: 12 });
    expect(result.errors[0]?.message).toContain('word, regex, status');
  });

  it('marks headless, code, javascript and file templates as rejected with a reason', () => {
    for (const protocol of ['headless', 'code', 'javascript', 'file']) {
      const result = parseTemplate(
        `id: a\ninfo: {name: A, author: me, severity: info}\n${protocol}:\n  - {}\n`,
      );
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.template.rejected?.protocol).toBe(protocol);
        expect(result.template.rejected?.reason.length).toBeGreaterThan(10);
      }
    }
  });

  it('needs at least one protocol block', () => {
    const result = parseTemplate('id: a\ninfo: {name: A, author: me}\n');
    expect(result.ok).toBe(false);
  });

  it('resolves the old aliases requests and network', () => {
    const result = parseTemplate(
      'id: a\ninfo: {name: A, author: me}\nrequests:\n  - path: ["{{BaseURL}}"]\nnetwork:\n  - host: ["{{Hostname}}"]\n',
    );
    expect(result.ok && result.template.protocols).toEqual(['http', 'tcp']);
  });

  it('keeps variables in their declared order', () => {
    const result = parseTemplate(
      'id: a\ninfo: {name: A, author: me}\nvariables:\n  b: "1"\n  a: "{{b}}2"\nhttp:\n  - path: ["{{BaseURL}}"]\n',
    );
    expect(result.ok && result.template.variables).toEqual([
      ['b', '1'],
      ['a', '{{b}}2'],
    ]);
  });

  it('reads plain scalars as the yaml core schema does, number-like text kept as text', () => {
    const metadata = `  metadata:
    hex: 444953543030303030303031
    padded: 0011
    version: 1.10
    underscored: 1_000
    date: 2021-01-01
    word: yes
    hexint: 0x1F
    octal: 0o17
    float: 1.5
    inf: -.inf
    exp: 1e3
    truth: True
    nothing: ~
    quoted: "200"
    and: "a && b"
    big: 12345678901234567
    half: .5
    nan: .NaN
    negative: -3
    taggedInt: !!int "12"
    taggedText: !!str 0011
    taggedBool: !!bool "false"
`;
    const result = parseTemplate(valid.replace('  tags: [git, exposure]\n', metadata));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template.info.metadata).toEqual({
      hex: '444953543030303030303031',
      padded: '0011',
      version: '1.10',
      underscored: '1_000',
      date: '2021-01-01',
      word: 'yes',
      hexint: 31,
      octal: 15,
      float: 1.5,
      inf: Number.NEGATIVE_INFINITY,
      exp: '1e3',
      truth: true,
      nothing: null,
      quoted: '200',
      and: 'a && b',
      big: '12345678901234567',
      half: 0.5,
      nan: Number.NaN,
      negative: -3,
      taggedInt: 12,
      taggedText: '0011',
      taggedBool: false,
    });
  });

  it('still bounds aliases: an alias bomb is an error', () => {
    const bomb = valid.replace(
      'http:\n',
      `variables:
  a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
http:\n`,
    );
    const result = parseTemplate(bomb);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.message).toMatch(/^invalid YAML: aliases expand too far/);
  });
});
