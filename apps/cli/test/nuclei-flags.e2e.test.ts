/**
 * nuclei's single-dash long flags on the real binary: `-or`, `-list`, `-tags`, `-rl`… mean what
 * they mean in nuclei (commander alone read `-or` as `-o r` and wrote findings to a file named
 * `r`), and any other single-dash word is refused with one line, never split into short flags.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const good = fileURLToPath(new URL('./fixtures/templates/good/', import.meta.url));
let server: Server;
let site: string;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('server', 'didban-lab');
    if (req.url === '/.git/config') res.end('[core]\n\turl = https://git.example/acme/site.git\n');
    else res.end('<h1>hello</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-nuclei-flags-'));
  env = { DIDBAN_CONFIG_DIR: join(dir, 'config'), DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const lines = (text: string) => text.split('\n').filter(Boolean);

describe("nuclei's single-dash flags on templates run", () => {
  it('-or / -omit-raw leave requests out of -jsonl -o FILE, and write no file named r', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    for (const flag of ['-or', '-omit-raw']) {
      const result = await runBinary(
        ['templates', 'run', '-t', good, '-u', site, '-jsonl', flag, '-o', 'found.jsonl', '-silent'],
        env,
        { cwd },
      );
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      const found = lines(readFileSync(join(cwd, 'found.jsonl'), 'utf8')).map((l) => JSON.parse(l));
      expect(found.map((f) => f['template-id']).sort()).toEqual(['exposed-git-config', 'lab-server-banner']);
      for (const f of found) {
        expect(f).not.toHaveProperty('request');
        expect(f).not.toHaveProperty('response');
      }
    }
    expect(readdirSync(cwd)).toEqual(['found.jsonl']);
  });

  it('-list, -target, -tags, -severity, -es, -rl, -c, -timeout, -irr, -nc and -t a,b mean what nuclei means', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    writeFileSync(join(cwd, 't.txt'), `${site}\n`);
    const withRaw = await runBinary(
      ['templates', 'run', '-list', 't.txt', '-tags', 'git,tech', '-severity', 'high,info', '-es', 'info'],
      env,
      { cwd },
    );
    // No template path yet: -t gives them, comma-separated as nuclei takes them.
    expect(withRaw.exitCode).toBe(2);
    const files = ['exposed-git-config.yaml', 'lab-server-banner.yaml'].map((f) => join(good, f)).join(',');
    const result = await runBinary(
      [
        'templates',
        'run',
        '-t',
        files,
        '-list',
        't.txt',
        '-target',
        site,
        '-tags',
        'git,tech',
        '-severity',
        'high,info',
        '-es',
        'info',
        '-rl',
        '50',
        '-c',
        '5',
        '-timeout',
        '5',
        '-irr',
        '-nc',
        '-jsonl',
      ],
      env,
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    const found = lines(result.stdout).map((l) => JSON.parse(l));
    // -es info left the info template out; -irr keeps the request in, as nuclei 3 does.
    expect(found.map((f) => f['template-id'])).toEqual(['exposed-git-config']);
    expect(found[0].request).toContain('GET /.git/config');
    expect(existsSync(join(cwd, 'ist'))).toBe(false);
  });

  it('-stats prints a statistics line on stderr while the run goes on', async () => {
    const slow = createServer((_req, res) => {
      setTimeout(() => res.end('x'), 6_000);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
      const result = await runBinary(['templates', 'run', good, '-u', url, '-stats', '-timeout', '8'], env);
      expect(result.stderr).toMatch(
        /^\[stats\] elapsed 5s \| templates 2 \| targets 1 \| findings 0 \| skipped 0 \| failures 0$/m,
      );
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('-iserver and -itoken become the interactsh flags, not -i -s -e -r -v -e -r', async () => {
    const result = await runBinary(
      ['templates', 'run', good, '-u', site, '-iserver', 'http://127.0.0.1:1', '-itoken', 'x'],
      env,
    );
    expect(result.stderr).not.toContain('-iserver');
    expect(result.stderr).not.toContain("'-i'");
  });

  it('refuses any other single-dash word with one line in the chosen language, writing nothing', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    const en = await runBinary(['templates', 'run', good, '-u', site, '-ofile'], env, { cwd });
    expect(en.exitCode).toBe(2);
    expect(en.stderr).toBe(
      'Unknown flag -ofile: long flags take two dashes (--ofile), and didban never splits -ofile into one-letter flags (see: didban templates run --help).\n',
    );
    expect(en.stdout).toBe('');
    expect(readdirSync(cwd)).toEqual([]);

    const fa = await runBinary(['vulns', 'list', '-json'], { ...env, DIDBAN_LANG: 'fa' });
    expect(fa.exitCode).toBe(2);
    expect(fa.stderr).toBe(
      'پرچم ناشناخته -json: پرچم‌های بلند دو خط تیره می‌گیرند (--json) و دیدبان -json را به پرچم‌های یک‌حرفی نمی‌شکند (راهنما: didban vulns list --help).\n',
    );
  });

  it('leaves values alone: a search text that starts with a dash is a value', async () => {
    const result = await runBinary(
      ['templates', 'list', '--search', '-weird', '--server', 'http://127.0.0.1:1'],
      env,
    );
    expect(result.stderr).not.toContain('Unknown flag');
  });
});
