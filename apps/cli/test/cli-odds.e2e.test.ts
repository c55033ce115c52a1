/**
 * Issue 34's smaller defects on the real binary: `-o`/`--out` written under a temporary name and
 * renamed at the end, runs configured by the environment that a broken config folder no longer
 * breaks, `whoami` that creates no config folder, and TLS errors without OpenSSL's own text.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('server', 'didban-lab');
    // Slow enough to look at the output folder while the run is under way.
    const answer = () =>
      req.url === '/.git/config'
        ? res.end('[core]\n\turl = https://git.example/acme/site.git\n')
        : res.end('hi');
    setTimeout(answer, req.url === '/' ? 4_000 : 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-odds-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('issue 34, smaller items', () => {
  it('-o FILE is written under a temporary name and appears complete under its own name at the end', async () => {
    const out = mkdtempSync(join(dir, 'out-'));
    const running = runBinary(['templates', 'run', good, '-u', site, '-o', join(out, 'found.txt')], {
      DIDBAN_CONFIG_DIR: join(dir, 'config'),
      DIDBAN_LANG: 'en',
    });
    // While the banner template waits for its answer, the final name does not exist yet.
    let seen: string[] = [];
    for (let i = 0; i < 60 && seen.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = readdirSync(out);
    }
    expect(seen).toEqual([expect.stringMatching(/^\.found\.txt\.[0-9a-f]+\.partial$/)]);
    const result = await running;
    expect(result.exitCode).toBe(0);
    expect(readdirSync(out)).toEqual(['found.txt']);
    expect(readFileSync(join(out, 'found.txt'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a corrupt config file does not break a run configured by DIDBAN_URL and DIDBAN_TOKEN', async () => {
    const broken = join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'config.json'), '{ not json');
    const env = { DIDBAN_CONFIG_DIR: broken, DIDBAN_LANG: 'en' };
    const withEnv = await runBinary(['whoami'], {
      ...env,
      DIDBAN_URL: 'http://127.0.0.1:9',
      DIDBAN_TOKEN: 'token-from-ci',
    });
    expect(withEnv.exitCode).toBe(3);
    expect(withEnv.stderr).toMatch(
      /^Cannot reach the Didban server at http:\/\/127\.0\.0\.1:9 \(connection refused\)/,
    );
    // Without them the config file is needed, and its problem is named.
    const without = await runBinary(['whoami'], env);
    expect(without.exitCode).toBe(3);
    expect(without.stderr).toContain(join(broken, 'config.json'));
  });

  it('whoami under a HOME that does not exist creates no config folder', async () => {
    const home = join(dir, 'no-such-home');
    const result = await runBinary(['whoami'], {
      HOME: home,
      DIDBAN_URL: 'http://127.0.0.1:9',
      DIDBAN_TOKEN: 'token-from-ci',
      DIDBAN_LANG: 'en',
    });
    expect(result.exitCode).toBe(3);
    expect(existsSync(home)).toBe(false);
  });

  it('TLS spoken to a plain HTTP port reads as words, not OpenSSL text', async () => {
    const tls = site.replace('http://', 'https://');
    const result = await runBinary(['templates', 'run', good, '-u', tls, '--timeout', '5'], {
      DIDBAN_CONFIG_DIR: join(dir, 'config'),
      DIDBAN_LANG: 'en',
    });
    expect(result.stderr).not.toMatch(/SSL routines|:error:[0-9A-F]+/);
    expect(result.stderr).toContain(
      'TLS handshake failed: the other end does not speak TLS on this port (try http://)',
    );
  });
});
