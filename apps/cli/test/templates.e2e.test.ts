import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const fixtures = fileURLToPath(new URL('./fixtures/templates/', import.meta.url));
const good = join(fixtures, 'good');
const gitConfig = join(good, 'exposed-git-config.yaml');
const banner = join(good, 'lab-server-banner.yaml');
const broken = join(fixtures, 'bad', 'broken.yaml');

let target: Server;
let base: string;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // A tiny web server with a known weakness: its Git config is public.
  target = createServer((req, res) => {
    res.setHeader('server', 'didban-lab');
    if (req.url === '/.git/config') {
      res.end('[core]\n\tbare = false\n[remote "origin"]\n\turl = https://git.example/acme/site.git\n');
    } else res.end('<h1>hello</h1>');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-templates-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  rmSync(configDir, { recursive: true, force: true });
});

describe('didban templates validate', () => {
  it('accepts valid templates in a folder and exits 0', async () => {
    expect(await runBinary(['templates', 'validate', good], env)).toEqual({
      exitCode: 0,
      stdout: `ok ${gitConfig} (exposed-git-config)\nok ${banner} (lab-server-banner)\n2 valid, 0 invalid of 2 file(s).\n`,
      stderr: '',
    });
  });

  it('lists each error with file, line and column, and exits 1; --json has the same facts', async () => {
    const text = await runBinary(['templates', 'validate', gitConfig, broken], env);
    expect(text.exitCode).toBe(1);
    expect(text.stdout.split('\n')).toEqual([
      `ok ${gitConfig} (exposed-git-config)`,
      `${broken}:1:5: error: id: invalid id "broken template": use letters and digits joined by single "-" or "_" (e.g. "exposed-git-config")`,
      `${broken}:5:13: error: info.severity: invalid severity "serious": use one of info, low, medium, high, critical, unknown`,
      '1 valid, 1 invalid of 2 file(s).',
      '',
    ]);
    const json = await runBinary(['templates', 'validate', broken, '--json'], env);
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      results: [
        {
          file: broken,
          ok: false,
          id: null,
          errors: [
            expect.objectContaining({ line: 1, column: 5, path: 'id' }),
            expect.objectContaining({ line: 5, column: 13, path: 'info.severity' }),
          ],
          warnings: [],
        },
      ],
    });
  });

  it('names a file it cannot read in one line', async () => {
    expect(await runBinary(['templates', 'validate', join(fixtures, 'missing.yaml')], env)).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: `Cannot read ${join(fixtures, 'missing.yaml')}: no such file or folder\n`,
    });
  });
});

describe('didban templates run', () => {
  it('prints findings as nuclei-style lines as they are found, the count on stderr', async () => {
    const result = await runBinary(['templates', 'run', good, '--target', base], env);
    expect(result.stderr).toBe('2 finding(s).\n');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean).sort()).toEqual([
      `[exposed-git-config] [http] [high] ${base}/.git/config ["https://git.example/acme/site.git"]`,
      `[lab-server-banner:didban-lab] [http] [info] ${base}/`,
    ]);
  });

  it('gives stable JSON and trips --fail-on at or above the threshold', async () => {
    const gated = await runBinary(
      ['templates', 'run', good, '--target', base, '--json', '--fail-on', 'HIGH'],
      env,
    );
    expect(gated.exitCode).toBe(1);
    expect(gated.stderr).toBe('1 finding(s) at or above high: failing as --fail-on asks.\n');
    const out = JSON.parse(gated.stdout);
    // The results are the objects --jsonl prints, nuclei's field names in both.
    const jsonl = await runBinary(['templates', 'run', good, '--target', base, '--jsonl'], env);
    const lines = jsonl.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    for (const [i, r] of out.results.entries()) {
      const twin = lines.find((l) => l['template-id'] === r['template-id']);
      expect(Object.keys(r).sort(), `result ${i}`).toEqual(Object.keys(twin).sort());
    }
    expect(out).toEqual({
      results: [
        expect.objectContaining({
          'template-id': 'exposed-git-config',
          info: expect.objectContaining({
            name: 'Exposed Git config',
            severity: 'high',
            tags: ['git', 'exposure'],
          }),
          type: 'http',
          url: base,
          'matched-at': `${base}/.git/config`,
          'extracted-results': ['https://git.example/acme/site.git'],
          request: expect.stringContaining('GET /.git/config'),
          timestamp: expect.any(String),
          'matcher-status': true,
        }),
        expect.objectContaining({
          'template-id': 'lab-server-banner',
          info: expect.objectContaining({ severity: 'info' }),
          'matcher-name': 'didban-lab',
        }),
      ],
      skipped: [],
      failures: [],
      unreachable: [],
    });
    const passes = await runBinary(['templates', 'run', banner, '--target', base, '--fail-on', 'low'], env);
    expect(passes.exitCode).toBe(0);
  });

  it('skips an invalid template with a warning and a count (as nuclei does), and rejects a bad severity as usage', async () => {
    const invalid = await runBinary(['templates', 'run', gitConfig, broken, '--target', base], env);
    // One broken file does not stop the others: they run, the broken one is named and counted.
    expect(invalid.exitCode).toBe(0);
    expect(invalid.stdout).toBe(
      `[exposed-git-config] [http] [high] ${base}/.git/config ["https://git.example/acme/site.git"]\n`,
    );
    const warnings = invalid.stderr.split('\n');
    expect(warnings[0]).toBe(
      `${broken}:1:5: error: id: invalid id "broken template": use letters and digits joined by single "-" or "_" (e.g. "exposed-git-config")`,
    );
    expect(warnings).toContain(
      'Skipped 1 of 2 template(s) that do not load (errors above; check them with: didban templates validate).',
    );
    expect(
      await runBinary(['templates', 'run', banner, '--target', base, '--fail-on', 'severe'], env),
    ).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Unknown severity "severe": use one of info, low, medium, high, critical.\n',
    });
    expect(await runBinary(['templates', 'run', banner, '--target', 'not a target'], env)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Not a valid target "not a target": expected a URL, host:port, host or IP.\n',
    });
    expect(await runBinary(['templates', 'run', banner], env)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'No target: give --target, --list FILE or - for standard input.\n',
    });
  });
});
