/**
 * `didban templates run --resolver` (issue 34 item 6): the resolver answers for the host names of
 * http targets too, not only for DNS templates. The real binary, a local DNS stand-in (the lab's
 * authoritative server) that alone knows the name, and a loopback web server behind it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDns, startDnsServer } from '../../../scripts/lab/src/dns-server.js';
import { ZoneStore } from '../../../scripts/lab/src/zone-store.js';
import { runBinary } from './helpers/binary.js';

const NAME = 'shop.cli-resolver.didban.test';
let dns: RunningDns;
let web: Server;
let dir: string;
let target: string;

beforeAll(async () => {
  const zone = new ZoneStore([{ origin: 'cli-resolver.didban.test', allowAxfr: false }]);
  zone.set(NAME, { a: ['127.0.0.1'], aaaa: [] });
  dns = await startDnsServer(zone, '127.0.0.1', 0);
  web = createServer((_req, res) => res.end('[core]\n\turl = https://git.example/acme/shop.git\n'));
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  target = `http://${NAME}:${(web.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-resolver-'));
  writeFileSync(
    join(dir, 'git-config.yaml'),
    `id: git-config
info: {name: Git config exposed, author: didban, severity: medium}
http:
  - method: GET
    path: ["{{BaseURL}}/.git/config"]
    matchers:
      - type: word
        words: ["[core]"]
`,
  );
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise<void>((r) => web.close(() => r()));
  await dns.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('templates run --resolver', () => {
  it('reaches an http target whose name only the given resolver knows', async () => {
    const env = { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' };
    const template = join(dir, 'git-config.yaml');
    const run = await runBinary(
      ['templates', 'run', template, '-u', target, '--resolver', `${dns.host}:${dns.port}`, '--jsonl'],
      env,
    );
    expect(run.exitCode).toBe(0);
    const findings = run.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(findings.map((f) => [f['template-id'], f['matched-at']])).toEqual([
      ['git-config', `${target}/.git/config`],
    ]);
    // Without it the system's resolver does not know the name: unreachable (exit 3), nothing found.
    const without = await runBinary(['templates', 'run', template, '-u', target, '--jsonl'], env);
    expect(without.exitCode).toBe(3);
    expect(without.stdout.trim()).toBe('');
  }, 120_000);
});
