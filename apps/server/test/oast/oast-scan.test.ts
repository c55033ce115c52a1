import { createSocket } from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type WorkerHandle } from '@didban/worker';
import * as dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OastServer, startOastServer } from '../../src/oast/oast-server.js';
import { createTestServer, registerUser, type TestServer } from '../helpers/test-server.js';
import { createWorker } from '../helpers/workers.js';

// A blind SSRF found end to end: the server hands its interaction server to a self-hosted worker
// at hello, the worker's engine registers there, the target fetches the callback URL, the worker
// polls the callback back and the finding is stored.
const DOMAIN = 'oast.didban.test';
let oast: OastServer;
let oastDir: string;
let server: TestServer;
let serverUrl: string;
let target: Server;
let targetUrl: string;
const workers: WorkerHandle[] = [];

beforeAll(async () => {
  oastDir = await mkdtemp(join(tmpdir(), 'didban-oast-scan-'));
  oast = await startOastServer({
    domain: DOMAIN,
    ip: '127.0.0.1',
    http: { host: '127.0.0.1', port: 0 },
    dns: { host: '127.0.0.1', port: 0 },
    dataDir: oastDir,
  });
  const oastPort = oast.addresses.http!.port;
  // The vulnerable app: fetches whatever `url` names, answers the same page either way (blind).
  // Names under the interaction domain reach the interaction server, as its DNS would send them.
  target = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const name = query.get('name');
    if (name) {
      // A lookup through a resolver that shouts (0x20 case randomisation taken to the extreme).
      const socket = createSocket('udp4');
      socket.send(
        dnsPacket.encode({ type: 'query', id: 1, questions: [{ type: 'A', name: name.toUpperCase() }] }),
        oast.addresses.dns!.port,
        '127.0.0.1',
        () => socket.close(),
      );
      res.end('looked up');
      return;
    }
    const url = query.get('url');
    res.end('<html>thanks, we will look at your link</html>');
    if (!url) return;
    const host = new URL(url).hostname;
    if (!host.endsWith(`.${DOMAIN}`)) return;
    request({ host: '127.0.0.1', port: oastPort, path: new URL(url).pathname, headers: { Host: host } })
      .on('error', () => {})
      .end();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  server = await createTestServer({
    DIDBAN_OAST_DOMAIN: DOMAIN,
    DIDBAN_OAST_URL: `http://127.0.0.1:${oastPort}`,
  });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  target?.close();
  await server?.close();
  await oast?.close();
  await rm(oastDir, { recursive: true, force: true });
}, 180_000);

const BLIND_SSRF = `id: lab-blind-ssrf

info:
  name: Blind SSRF in the url parameter
  author: didban
  severity: high

http:
  - method: GET
    path:
      - "{{BaseURL}}/fetch?url=http://{{interactsh-url}}/probe"
    matchers:
      - type: word
        part: interactsh_protocol
        words:
          - "http"
`;

const DNS_LOOKUP = `id: lab-blind-lookup

info:
  name: Blind name lookup
  author: didban
  severity: medium

http:
  - method: GET
    path:
      - "{{BaseURL}}/lookup?name=marker.{{interactsh-url}}"
    matchers-condition: and
    matchers:
      - type: word
        part: interactsh_protocol
        words:
          - "dns"
      - type: word
        part: interactsh_request
        words:
          - ";marker."
`;

async function runToEnd(auth: Record<string, string>, yaml: string, targets: string[]) {
  const started = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/templates/scan-now/',
    headers: auth,
    payload: { yaml, targets },
  });
  expect(started.statusCode).toBe(201);
  const runId = started.json().data.run_id as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = (
      await server.app.inject({ method: 'GET', url: `/api/v1/panel/templates/runs/${runId}/`, headers: auth })
    ).json().data;
    if (['finished', 'failed', 'cancelled'].includes(run.status) || Date.now() > deadline) return run;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('out-of-band templates through Didban’s interaction server', () => {
  it('hands the interaction server to a worker at hello', async () => {
    const owner = await registerUser(server);
    const key = (await createWorker(server, owner.auth, { name: 'oob' })).api_key;
    const hello = await server.app.inject({
      method: 'POST',
      url: '/api/v1/worker/hello/',
      headers: { authorization: `Worker ${key}` },
      payload: {},
    });
    expect(hello.json().data.interactsh).toEqual({
      url: `http://127.0.0.1:${oast.addresses.http!.port}`,
      domain: DOMAIN,
    });
  });

  it('finds a blind SSRF: the finding carries the callback the target made', async () => {
    const owner = await registerUser(server);
    const key = (await createWorker(server, owner.auth, { name: 'oob-runner' })).api_key;
    workers.push(
      startWorker({ serverUrl, apiKey: key, taskIntervalSeconds: 0.2, backoffMinMs: 100, backoffMaxMs: 500 }),
    );
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/templates/scan-now/',
      headers: owner.auth,
      payload: { yaml: BLIND_SSRF, targets: [targetUrl] },
    });
    expect(started.statusCode).toBe(201);
    const runId = started.json().data.run_id as string;
    const deadline = Date.now() + 60_000;
    let run: {
      status: string;
      findings: { template_id: string; response: string | null; request: string | null }[];
    };
    for (;;) {
      run = (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/panel/templates/runs/${runId}/`,
          headers: owner.auth,
        })
      ).json().data;
      if (['finished', 'failed', 'cancelled'].includes(run.status) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(run.status).toBe('finished');
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]!.template_id).toBe('lab-blind-ssrf');
    expect(oast.store.stored).toBe(1);
  }, 90_000);

  it('matches a DNS callback on the lower-cased request, whatever case the resolver used', async () => {
    const owner = await registerUser(server);
    const key = (await createWorker(server, owner.auth, { name: 'oob-dns' })).api_key;
    workers.push(
      startWorker({ serverUrl, apiKey: key, taskIntervalSeconds: 0.2, backoffMinMs: 100, backoffMaxMs: 500 }),
    );
    const run = await runToEnd(owner.auth, DNS_LOOKUP, [targetUrl]);
    expect(run.status).toBe('finished');
    expect(run.findings.map((f: { template_id: string }) => f.template_id)).toEqual(['lab-blind-lookup']);
  }, 90_000);
});
