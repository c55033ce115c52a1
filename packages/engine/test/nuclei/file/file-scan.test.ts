import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';
import { tarEntries } from '../../../src/nuclei/protocols/file/archive.js';
import { fromHumanSize } from '../../../src/nuclei/protocols/file/file-block.js';

// Planted secrets (made up, of the shapes the community templates look for).
const AWS_KEY = 'AKIAQYLPMN5HFIQR7XYZ';
const PRIVATE_KEY = '-----BEGIN RSA PRIVATE KEY-----';
const TOKEN = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';

const secrets = `id: planted-secrets
info: {name: planted secrets, author: didban, severity: high}
file:
  - extensions:
      - all
    extractors:
      - type: regex
        name: aws-key
        regex:
          - '(A3T[A-Z0-9]|AKIA|ASIA)[A-Z0-9]{16}'
      - type: regex
        name: private-key
        regex:
          - '-----BEGIN (RSA|EC|OPENSSH|DSA|PGP) PRIVATE KEY( BLOCK)?-----'
      - type: regex
        name: github-token
        regex:
          - 'ghp_[0-9a-zA-Z]{36}'
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'didban-file-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
  writeFileSync(join(dir, 'src', 'config.js'), `const a = 1;\nconst key = "${AWS_KEY}";\n`);
  writeFileSync(join(dir, 'id_rsa'), `${PRIVATE_KEY}\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n`);
  writeFileSync(join(dir, 'notes.txt'), `line one\r\nline two\r\ntoken=${TOKEN}\r\n`);
  // nuclei's default denylist leaves images out; the template's own denylist a folder.
  writeFileSync(join(dir, 'logo.png'), `not an image ${AWS_KEY}`);
  writeFileSync(join(dir, 'node_modules', 'pkg', 'index.js'), `"${AWS_KEY}"`);
  // Inside a zip: read entry by entry with `archive: true`.
  writeFileSync(
    join(dir, 'backup.zip'),
    zipSync({ 'deploy/.env': new TextEncoder().encode(`X=1\nAWS=${AWS_KEY}\n`) }),
  );
  // Past max-size: only the first bytes are read.
  writeFileSync(join(dir, 'big.log'), `${'x'.repeat(3000)}\n${TOKEN}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = async (text: string, options: { paths?: string[]; roots?: string[] } = { paths: [dir] }) => {
  const loaded = loadTemplates([{ content: text }]);
  expect(loaded.rejected).toEqual([]);
  expect(loaded.invalid).toEqual([]);
  return collectScan({ templates: loaded.templates, targets: [], options: { file: options } });
};

const byPlace = (findings: Awaited<ReturnType<typeof run>>['findings']) =>
  findings
    .map((f) => [f.matchedAt.slice(dir.length + 1), f.extractorName, f.extractedResults.join(','), f.lines])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));

describe('file templates (nuclei -file)', () => {
  it('finds planted keys: one finding per file and extractor, matched-at the path, with the lines', async () => {
    const text = secrets.replace(
      '  - extensions:',
      '  - denylist:\n      - node_modules\n    max-size: 2kb\n    extensions:',
    );
    const result = await run(text);
    expect(result.failures).toEqual([]);
    expect(byPlace(result.findings)).toEqual([
      ['id_rsa', 'private-key', PRIVATE_KEY, [1]],
      ['notes.txt', 'github-token', TOKEN, [3]],
      ['src/config.js', 'aws-key', AWS_KEY, [2]],
    ]);
    const f = result.findings.find((x) => x.extractorName === 'aws-key')!;
    expect(f).toMatchObject({ protocol: 'file', host: dir, templateId: 'planted-secrets', severity: 'high' });
    expect(f.response).toBe(`const key = "${AWS_KEY}";`);
  });

  it('reads zip entries with archive: true (matched-at archive/entry), and without it leaves archives out', async () => {
    const withArchive = secrets.replace('  - extensions:', '  - archive: true\n    extensions:');
    const found = byPlace((await run(withArchive)).findings).filter(([at]) =>
      String(at).startsWith('backup'),
    );
    expect(found).toEqual([['backup.zip/deploy/.env', 'aws-key', AWS_KEY, [2]]]);
    const without = byPlace((await run(secrets)).findings).filter(([at]) => String(at).startsWith('backup'));
    expect(without).toEqual([]);
  });

  it('honours the default denylist, the template denylist and max-size', async () => {
    const all = byPlace((await run(secrets)).findings).map(([at]) => at);
    // Default: .png denied; node_modules read; the token past 2 kB in big.log found without max-size.
    expect(all).not.toContain('logo.png');
    expect(all).toContain('node_modules/pkg/index.js');
    expect(all).toContain('big.log');
    const limited = secrets.replace(
      '  - extensions:',
      '  - denylist:\n      - node_modules\n    max-size: 2kb\n    extensions:',
    );
    const some = byPlace((await run(limited)).findings).map(([at]) => at);
    expect(some).not.toContain('node_modules/pkg/index.js');
    expect(some).not.toContain('big.log');
  });

  it('extensions pick files; no-recursive reads only a file given itself', async () => {
    const onlyJs = secrets.replace('      - all', '      - js');
    expect(byPlace((await run(onlyJs)).findings).map(([at]) => at)).toEqual([
      'node_modules/pkg/index.js',
      'src/config.js',
    ]);
    const flat = onlyJs.replace('  - extensions:', '  - no-recursive: true\n    extensions:');
    expect((await run(flat)).findings).toEqual([]);
    expect((await run(flat, { paths: [join(dir, 'src', 'config.js')] })).findings).toHaveLength(1);
  });

  it('a matcher with condition and reads the whole file as one chunk', async () => {
    const both = `id: both-words
info: {name: both, author: didban, severity: low}
file:
  - extensions: [txt]
    matchers:
      - type: word
        condition: and
        words: ["line one", "token="]
`;
    const result = await run(both);
    expect(result.findings.map((f) => f.matchedAt.slice(dir.length + 1))).toEqual(['notes.txt']);
  });

  it('without the file gate the template is skipped naming it; roots refuse paths outside them', async () => {
    const { templates } = loadTemplates([{ content: secrets }]);
    const closed = await collectScan({ templates, targets: [dir], options: { runner: 'self-hosted' } });
    expect(closed.skipped.map((s) => s.reason)).toEqual([
      'capability gate "file" is closed (open it with --file (-file))',
    ]);
    const builtin = await collectScan({ templates, targets: [dir], options: { runner: 'builtin' } });
    expect(builtin.skipped.map((s) => s.reason)).toEqual([
      'capability gate "file" is closed (this runner never opens it)',
    ]);
    const other = mkdtempSync(join(tmpdir(), 'didban-root-'));
    // A link inside the allowed root that points outside it is refused too.
    symlinkSync(dir, join(other, 'escape'));
    try {
      const refused = await collectScan({
        templates,
        targets: [dir, join(other, 'escape'), join(other, 'missing')],
        options: { file: { roots: [other] } },
      });
      expect(refused.findings).toEqual([]);
      expect(refused.skipped.map((s) => [s.target, s.reason])).toEqual([
        [dir, `outside the folders this runner may read (--file-root ${other})`],
        [join(other, 'escape'), `outside the folders this runner may read (--file-root ${other})`],
        [join(other, 'missing'), 'no such file or folder'],
      ]);
      const allowed = await collectScan({ templates, targets: [dir], options: { file: { roots: [dir] } } });
      expect(allowed.findings.length).toBeGreaterThanOrEqual(3);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('max-size takes go-units decimal sizes; a tar is read entry by entry', () => {
    expect([
      fromHumanSize('1Gb'),
      fromHumanSize('20 MB'),
      fromHumanSize('10kb'),
      fromHumanSize('512'),
    ]).toEqual([1e9, 2e7, 1e4, 512]);
    expect(() => fromHumanSize('no')).toThrow("invalid size: 'no'");
    const header = Buffer.alloc(512);
    header.write('a/secret.txt', 0);
    header.write('0000644\0', 100);
    header.write(`${(5).toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    header.write('ustar\0', 257);
    const body = Buffer.alloc(512);
    body.write('hello');
    const tar = Buffer.concat([header, body, Buffer.alloc(1024)]);
    expect(tarEntries(tar, 100).map((e) => [e.name, e.data.toString()])).toEqual([['a/secret.txt', 'hello']]);
  });
});
