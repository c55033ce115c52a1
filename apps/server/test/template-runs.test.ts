import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWorker, type WorkerEvent, type WorkerHandle } from '@didban/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createWorker } from './helpers/workers.js';

// Scan now on /templates: a 'template-run' task run by a real worker loop over HTTP against a
// local target on 127.0.0.1, with a 3 s lease (heartbeat every second, so cancel lands fast).
let server: TestServer;
let serverUrl: string;
let target: Server;
let targetUrl: string;
const workers: WorkerHandle[] = [];
const events: WorkerEvent[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.url === '/admin') {
      res.writeHead(200, { 'content-type': 'text/html', 'x-panel': 'didban-lab' });
      res.end('<html><title>Lab admin</title><body>Welcome to the Lab Admin Console v2.4</body></html>');
    } else if (req.url === '/binary') {
      // A binary answer (a NUL byte): PostgreSQL text cannot hold it, the finding must still be kept.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from('Lab Admin Console v3.1\u0000\u0001core', 'latin1'));
    } else if (req.url === '/slow') {
      // Answers after the test is over: the run stays running until it is cancelled.
      setTimeout(() => res.end('late'), 60_000).unref();
    } else {
      res.writeHead(404);
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '3' });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  target?.closeAllConnections();
  target?.close();
  await server?.close();
}, 60_000);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(150);
  }
}

const template = (id: string, path: string, word: string) => `id: ${id}

info:
  name: Lab admin console
  author: didban
  severity: high
  tags: panel,lab

http:
  - method: GET
    path:
      - "{{BaseURL}}${path}"
    matchers-condition: and
    matchers:
      - type: word
        name: console
        words:
          - "${word}"
      - type: status
        status:
          - 200
    extractors:
      - type: regex
        name: version
        group: 1
        regex:
          - "Console v([0-9.]+)"
`;

async function memberWithWorker() {
  const owner = await registerUser(server);
  const key = (await createWorker(server, owner.auth, { name: 'runner' })).api_key;
  workers.push(
    startWorker({
      serverUrl,
      apiKey: key,
      taskIntervalSeconds: 0.2,
      backoffMinMs: 100,
      backoffMaxMs: 500,
      onEvent: (e) => events.push(e),
    }),
  );
  return owner;
}

const runOf = async (auth: Headers, id: string) =>
  (await call('GET', `panel/templates/runs/${id}/`, auth)).json().data;
const ended = (auth: Headers, id: string) =>
  until(`run ${id} to end`, async () => {
    const run = await runOf(auth, id);
    return ['finished', 'failed', 'cancelled'].includes(run.status) && run;
  });

describe('scan now: template runs', () => {
  it('finds what the template matches on a local server, with request and response evidence', async () => {
    const owner = await memberWithWorker();
    const started = await call('POST', 'panel/templates/scan-now/', owner.auth, {
      yaml: template('lab-admin-console', '/admin', 'Lab Admin Console'),
      targets: [targetUrl],
    });
    expect(started.statusCode).toBe(201);
    const runId = started.json().data.run_id as string;
    const first = await runOf(owner.auth, runId);
    expect(['queued', 'running']).toContain(first.status);

    const run = await ended(owner.auth, runId);
    expect(run.status).toBe('finished');
    expect(run.counts).toMatchObject({ templates: 1, targets: 1, findings: 1 });
    expect(run.template_ids).toEqual(['lab-admin-console']);
    expect(run.findings).toHaveLength(1);
    const finding = run.findings[0];
    expect(finding).toMatchObject({
      template_id: 'lab-admin-console',
      template_name: 'Lab admin console',
      severity: 'high',
      matched_at: `${targetUrl}/admin`,
      extracted_results: ['2.4'],
    });
    expect(finding.request).toContain('GET /admin HTTP/1.1');
    expect(finding.response).toContain('HTTP/1.1 200');
    expect(finding.response).toContain('Welcome to the Lab Admin Console v2.4');
  }, 90_000);

  it('keeps a finding whose evidence is binary, NUL shown as U+FFFD', async () => {
    const owner = await memberWithWorker();
    const started = await call('POST', 'panel/templates/scan-now/', owner.auth, {
      yaml: template('lab-binary-console', '/binary', 'Lab Admin Console'),
      targets: [targetUrl],
    });
    expect(started.statusCode).toBe(201);
    const run = await ended(owner.auth, started.json().data.run_id);
    expect(run.status).toBe('finished');
    expect(run.counts).toMatchObject({ findings: 1 });
    expect(run.findings[0].extracted_results).toEqual(['3.1']);
    expect(run.findings[0].response).toContain('v3.1\uFFFD');
    expect(run.findings[0].response).not.toContain('\u0000');
  }, 90_000);

  it('runs a saved template by id, and nothing when the page does not match', async () => {
    const owner = await memberWithWorker();
    const saved = await call('POST', 'panel/templates/', owner.auth, {
      yaml: template('lab-missing-page', '/nothing', 'Lab Admin Console'),
    });
    expect(saved.statusCode).toBe(201);
    const started = await call('POST', 'panel/templates/scan-now/', owner.auth, {
      template_ids: [saved.json().data.id],
      targets: [targetUrl.replace('http://', '')],
    });
    expect(started.statusCode).toBe(201);
    const run = await ended(owner.auth, started.json().data.run_id);
    expect(run.status).toBe('finished');
    expect(run.counts.findings).toBe(0);
    expect(run.findings).toEqual([]);
  }, 90_000);

  it('cancels a running run; the worker stops and nothing more is stored', async () => {
    const owner = await memberWithWorker();
    const started = await call('POST', 'panel/templates/scan-now/', owner.auth, {
      yaml: template('lab-slow-page', '/slow', 'late'),
      targets: [targetUrl],
    });
    const runId = started.json().data.run_id as string;
    await until('the run to start', async () => (await runOf(owner.auth, runId)).status === 'running');
    const cancelled = await call('POST', `panel/templates/runs/${runId}/cancel/`, owner.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    await until('the worker to stop the task', async () => events.some((e) => e.type === 'cancelled'));
    const run = await runOf(owner.auth, runId);
    expect(run.status).toBe('cancelled');
    expect(run.findings).toEqual([]);
    const again = await call('POST', `panel/templates/runs/${runId}/cancel/`, {
      ...owner.auth,
      'accept-language': 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This run has already ended.');
  }, 90_000);

  it("answers 404 for another workspace's run, to read or cancel", async () => {
    const owner = await registerUser(server);
    const started = await call('POST', 'panel/templates/scan-now/', owner.auth, {
      yaml: template('lab-private', '/admin', 'Lab'),
      targets: [targetUrl],
    });
    const runId = started.json().data.run_id as string;
    const outsider = await registerUser(server);
    expect((await call('GET', `panel/templates/runs/${runId}/`, outsider.auth)).statusCode).toBe(404);
    expect((await call('POST', `panel/templates/runs/${runId}/cancel/`, outsider.auth)).statusCode).toBe(404);
    expect((await call('GET', 'panel/templates/runs/not-a-uuid/', outsider.auth)).statusCode).toBe(404);
    // Another workspace's saved template is unknown too.
    const saved = await call('POST', 'panel/templates/', owner.auth, {
      yaml: template('lab-owned', '/admin', 'Lab'),
    });
    const borrowed = await call('POST', 'panel/templates/scan-now/', outsider.auth, {
      template_ids: [saved.json().data.id],
      targets: [targetUrl],
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().code).toBe('template_not_found');
    // The owner can still cancel it (no worker of theirs runs it).
    expect((await call('POST', `panel/templates/runs/${runId}/cancel/`, owner.auth)).statusCode).toBe(200);
  });

  it('refuses targets that are not URLs or host[:port], in the caller language', async () => {
    const owner = await registerUser(server);
    const yaml = template('lab-targets', '/admin', 'Lab');
    const bad = await call(
      'POST',
      'panel/templates/scan-now/',
      { ...owner.auth, 'accept-language': 'en' },
      {
        yaml,
        targets: ['http://127.0.0.1:8080', 'not a host', 'ftp://127.0.0.1/', '127.0.0.1:99999'],
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'targets_invalid',
      message: 'These are not URLs or host[:port]: not a host, ftp://127.0.0.1/, 127.0.0.1:99999',
    });
    const fa = await call(
      'POST',
      'panel/templates/scan-now/',
      { ...owner.auth, 'accept-language': 'fa' },
      {
        yaml,
        targets: ['not a host'],
      },
    );
    expect(fa.json().message).toBe('این‌ها نشانی URL یا host[:port] نیستند: not a host');
    const none = await call(
      'POST',
      'panel/templates/scan-now/',
      { ...owner.auth, 'accept-language': 'en' },
      {
        yaml,
        targets: ['  '],
      },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter at least one target: a URL or host[:port].');
    const noTemplate = await call(
      'POST',
      'panel/templates/scan-now/',
      { ...owner.auth, 'accept-language': 'en' },
      {
        targets: [targetUrl],
      },
    );
    expect(noTemplate.json().message).toBe('Choose at least one template or write one in the editor.');
  });
});
