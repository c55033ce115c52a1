import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDns, startDnsServer } from '../../../../scripts/lab/src/dns-server.js';
import { ZoneStore } from '../../../../scripts/lab/src/zone-store.js';
import { loadTemplates, runTemplates } from '../../src/nuclei/index.js';

// Issue 34 item 6: `--resolver` (hostResolvers) also resolves the host names of http targets. A
// name only a local DNS stand-in knows, pointing at a loopback web server: found through it,
// never through the system's resolver (which does not know the name).
const NAME = 'app.resolver.didban.test';
let dns: RunningDns;
let web: http.Server;
let port = 0;
const hosts: string[] = [];

beforeAll(async () => {
  const zone = new ZoneStore([{ origin: 'resolver.didban.test', allowAxfr: false }]);
  zone.set(NAME, { a: ['127.0.0.1'], aaaa: [] });
  dns = await startDnsServer(zone, '127.0.0.1', 0);
  web = http.createServer((req, res) => {
    hosts.push(String(req.headers.host));
    res.end('resolved through the stand-in');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  port = (web.address() as AddressInfo).port;
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise<void>((r) => web.close(() => r()));
  await dns.close();
});

const template = `id: via-resolver
info: {name: via resolver, author: didban, severity: info}
http:
  - method: GET
    path: ["{{BaseURL}}/"]
    matchers:
      - type: word
        words: ["resolved through the stand-in"]
`;

async function scan(options: object) {
  const { templates } = loadTemplates([{ content: template }]);
  const events: { type: string; [k: string]: unknown }[] = [];
  for await (const event of runTemplates({
    templates,
    targets: [`http://${NAME}:${port}`, `${NAME}:${port}`],
    options: { rateLimit: 0, timeoutMs: 5_000, retries: 0, ...options },
  }))
    events.push(event as { type: string });
  return events.filter((e) => e.type === 'finding');
}

describe('hostResolvers', () => {
  it('resolves the host names of http targets through the given DNS servers', async () => {
    const found = await scan({ hostResolvers: [`${dns.host}:${dns.port}`] });
    // The URL target and the bare host:port (its scheme probed through the same resolver).
    expect(found).toHaveLength(2);
    expect(hosts.every((h) => h === `${NAME}:${port}`)).toBe(true);
    expect(hosts.length).toBeGreaterThanOrEqual(2);
  });

  it('without them the system resolver is asked, which does not know the name', async () => {
    hosts.length = 0;
    expect(await scan({})).toHaveLength(0);
    expect(hosts).toEqual([]);
  });
});
