import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

// `didban templates run --interactsh-url` against a real `didban-oast` process: a blind SSRF
// (the target fetches the callback URL and answers the same page either way) is found only
// through the callback.
const OAST_BIN = fileURLToPath(new URL('../../server/bin/didban-oast.mjs', import.meta.url));
let oast: ChildProcess;
let oastUrl: string;
let target: Server;
let base: string;
let dir: string;

const TEMPLATE = `id: blind-ssrf-fetch

info:
  name: Blind SSRF in the url parameter
  author: didban
  severity: high

http:
  - method: GET
    path:
      - "{{BaseURL}}/fetch?url=http://{{interactsh-url}}/"
    matchers:
      - type: word
        part: interactsh_protocol
        words:
          - "http"
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-oast-'));
  writeFileSync(join(dir, 'blind-ssrf.yaml'), TEMPLATE);
  oast = spawn(process.execPath, [OAST_BIN], {
    env: {
      PATH: process.env.PATH ?? '',
      DIDBAN_OAST_DOMAIN: 'oast.didban.test',
      DIDBAN_OAST_HTTP: '127.0.0.1:0',
      DIDBAN_OAST_TOKEN: 'cli-token',
      DIDBAN_DATA_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    oast.stdout!.setEncoding('utf8').on('data', (s: string) => {
      out += s;
      const m = /http 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    oast.on('exit', (code) => reject(new Error(`didban-oast exited ${code}`)));
  });
  oastUrl = `http://127.0.0.1:${port}`;
  target = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').searchParams.get('url');
    res.end('queued');
    if (!url) return;
    // Every name reaches the interaction server, as its DNS would send the callback host there.
    // (`<id>.127.0.0.1` is no URL the WHATWG parser takes, so the host is read as text.)
    const host = /^https?:\/\/([^/:]+)/.exec(url)?.[1] ?? '';
    request({ host: '127.0.0.1', port, path: '/', headers: { Host: host } })
      .on('error', () => {})
      .end();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  oast?.kill('SIGTERM');
  await new Promise((resolve) => target.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('didban templates run with an interaction server', () => {
  it('finds a blind SSRF through --interactsh-url and --interactsh-token', async () => {
    const result = await runBinary(
      [
        'templates',
        'run',
        join(dir, 'blind-ssrf.yaml'),
        '--target',
        base,
        '--interactsh-url',
        oastUrl,
        '--interactsh-token',
        'cli-token',
        '--jsonl',
      ],
      { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' },
    );
    expect(result.stderr).not.toContain('skipped');
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      'template-id': 'blind-ssrf-fetch',
      'matched-at': expect.stringContaining(`${base}/fetch?url=http://`),
    });
    expect(result.exitCode).toBe(0);
  }, 90_000);

  it('skips the template saying why when the token is wrong', async () => {
    const result = await runBinary(
      [
        'templates',
        'run',
        join(dir, 'blind-ssrf.yaml'),
        '--target',
        base,
        '--interactsh-url',
        oastUrl,
        '--interactsh-token',
        'wrong',
      ],
      { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' },
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'interactsh server unavailable: interactsh registration failed: HTTP 401',
    );
  }, 90_000);

  it('refuses an interaction server address that is not one', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'blind-ssrf.yaml'), '--target', base, '--interactsh-url', 'ftp://x'],
      { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Not a valid server address: "ftp://x"');
  }, 90_000);
});
