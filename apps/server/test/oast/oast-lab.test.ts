import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startWorker, type WorkerHandle } from '@didban/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OastApp, type OastLab, startOastLab } from '../../../../scripts/lab/src/oast/oast-lab.js';
import { type Lab, startLab } from '../helpers/lab.js';
import { groupWithAssets } from '../helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from '../helpers/test-server.js';
import { createWorker, personalWorkspaceId } from '../helpers/workers.js';

// A lab scan through a real worker finds a blind SSRF and a blind XXE out of band: the lab runs
// Didban's interaction server, its app calls back to it, the worker's engine polls the callbacks
// and the community templates (scripts/lab/templates/oast, unchanged from nuclei-templates) match
// on interactsh_protocol / interactsh_request. Without the interaction server they are skipped.
const TEMPLATE_DIR = fileURLToPath(new URL('../../../../scripts/lab/templates/oast/', import.meta.url));
let lab: Lab;
let oast: OastLab;
let app: OastApp;
let server: TestServer;
let serverUrl: string;
const workers: WorkerHandle[] = [];

beforeAll(async () => {
  lab = await startLab({ plantDefaults: false });
  oast = await startOastLab(lab);
  app = await oast.plant(`oob.${lab.manifest().zone}`);
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '10' });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await server?.close();
  await oast?.stop();
  await lab?.stop();
}, 60_000);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

async function scanOnce(withOast: boolean) {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { api_key } = await createWorker(server, owner.auth, { name: withOast ? 'oob' : 'no-oob' });
  workers.push(
    startWorker({
      serverUrl,
      apiKey: api_key,
      resolvers: [lab.resolver],
      taskIntervalSeconds: 0.2,
      backoffMinMs: 100,
      backoffMaxMs: 500,
      ...(withOast ? { interactsh: { url: oast.serverUrl, domain: oast.domain } } : {}),
    }),
  );
  const ids: string[] = [];
  for (const file of readdirSync(TEMPLATE_DIR).sort()) {
    const saved = await call('POST', 'panel/templates/', owner.auth, {
      yaml: readFileSync(`${TEMPLATE_DIR}${file}`, 'utf8'),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    ids.push(saved.json().data.id);
  }
  const { group } = await groupWithAssets(server, workspaceId, [app.name], 'Integrations');
  const created = await call('POST', 'panel/scans/', owner.auth, {
    name: 'Out-of-band',
    asset_group: [group.id],
    template_ids: ids,
    template_tags: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id: scanId, scan_history_id: historyId } = created.json().data;
  await expect
    .poll(
      async () =>
        (await call('GET', `panel/scans/${scanId}/histories/${historyId}/status`, owner.auth)).json().data
          .status,
      { timeout: 120_000, interval: 500 },
    )
    .toBe('finished');
  const vulns = (
    await call(
      'GET',
      `panel/scans/${scanId}/histories/${historyId}/vulnerabilities/?page_size=100`,
      owner.auth,
    )
  ).json().data.results as { template_id: string; severity: string; host: string }[];
  return vulns.map((v) => `${v.template_id} ${v.severity} ${v.host}`).sort();
}

describe('out-of-band scan of the lab through a worker', () => {
  it('finds the blind SSRF and both blind XXEs through the lab’s interaction server', async () => {
    expect(await scanOnce(true)).toEqual([
      `CVE-2022-3980 critical ${app.name}`,
      `CVE-2023-27159 high ${app.name}`,
      `wanhu-teleconferenceservice-xxe high ${app.name}`,
    ]);
    // The callbacks really went through the interaction server: a DNS lookup and an HTTP request each.
    expect(app.fetched).toHaveLength(3);
    expect(app.fetched.every((u) => u.endsWith(`.${oast.domain}`))).toBe(true);
  }, 180_000);

  it('finds nothing on a worker without an interaction server (the templates are skipped)', async () => {
    const before = app.fetched.length;
    expect(await scanOnce(false)).toEqual([]);
    expect(app.fetched.length).toBe(before);
  }, 180_000);
});
