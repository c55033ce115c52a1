import { startWorker, type WorkerHandle } from '@didban/worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, enumerationHistories } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { type Lab, startLab } from './helpers/lab.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createAssetGroup, createWorker, personalWorkspaceId } from './helpers/workers.js';

// The scan → triage → fix → rescan → fixed → plant again → reopened flow against the lab's weak
// site, with a real worker loop over HTTP: discovery finds the site, a bulk scan with public
// library templates finds the planted weaknesses, and later runs notice fixes and returns.
let lab: Lab;
let server: TestServer;
let serverUrl: string;
const workers: WorkerHandle[] = [];
const SITE = 'weak1.lab.didban.test';
const TEMPLATES = ['public:git-config-exposure', 'public:phpinfo-page', 'public:spring-actuator-env'];

beforeAll(async () => {
  lab = await startLab({ plantDefaults: false });
  await lab.weaknesses.plant(SITE, 'git-config-exposure');
  await lab.weaknesses.plant(SITE, 'phpinfo-page');
  await lab.weaknesses.plant(SITE, 'spring-actuator-env');
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '6' });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await server?.close();
  await lab?.stop();
}, 60_000);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

type Vuln = { id: string; template_id: string; severity: string; status: string; host: string; port: number };

describe('scans against the lab', () => {
  it('finds planted weaknesses with severity and evidence, marks a fix as fixed and a return as reopened', async () => {
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const key = (await createWorker(server, owner.auth, { name: 'lab-scanner' })).api_key;
    workers.push(
      startWorker({
        serverUrl,
        apiKey: key,
        resolvers: [lab.resolver],
        taskIntervalSeconds: 0.2,
        httpxTimeoutSeconds: 4,
        backoffMinMs: 100,
        backoffMaxMs: 500,
      }),
    );

    // A group of the weak site, discovered by the worker.
    const group = await createAssetGroup(server, workspaceId, {
      name: 'Weak site',
      roots: [SITE],
      auto_discovery: false,
      port_setting: 'custom',
      custom_ports: '80,443',
    });
    const { history } = await startDiscovery(server.db, group.id);
    await until('discovery', async () => {
      const [h] = await server.db
        .select()
        .from(enumerationHistories)
        .where(eq(enumerationHistories.id, history.id));
      return h?.status !== 'running' && h;
    });
    const found = await server.db.select().from(assets).where(eq(assets.group_id, group.id));
    expect(found.map((a) => `${a.host}:${a.port}`).sort()).toEqual([`${SITE}:443`, `${SITE}:80`]);

    // Bulk scan the group with public library templates.
    const bulk = await call('POST', 'panel/scans/bulk-create/', owner.auth, {
      name: 'bulk scan for Weak site',
      asset_groups: [group.id],
      template_ids: TEMPLATES,
    });
    expect(bulk.statusCode).toBe(201);
    const { scan_id: scanId, scan_history_id: firstRun } = bulk.json().data;
    const progress: string[] = [];
    const finished = async (historyId: string) =>
      until(`run ${historyId}`, async () => {
        const s = (
          await call('GET', `panel/scans/${scanId}/histories/${historyId}/status`, owner.auth)
        ).json().data;
        progress.push(`${s.status} ${s.tasks_done}/${s.total_task}`);
        return ['finished', 'failed', 'cancelled'].includes(s.status) && s;
      });
    expect(await finished(firstRun)).toEqual({ status: 'finished', tasks_done: 2, total_task: 2 });
    expect(progress[0]).toMatch(/^running [01]\/2$/);

    const runVulns = async (historyId: string) =>
      (
        await call(
          'GET',
          `panel/scans/${scanId}/histories/${historyId}/vulnerabilities/?page_size=100`,
          owner.auth,
        )
      ).json().data.results as Vuln[];
    const first = await runVulns(firstRun);
    // Each weakness on the HTTP and the HTTPS side of the site, most severe first.
    expect(first.map((v) => `${v.template_id} ${v.severity} ${v.port}`).sort()).toEqual([
      'git-config-exposure medium 443',
      'git-config-exposure medium 80',
      'phpinfo-page low 443',
      'phpinfo-page low 80',
      'spring-actuator-env high 443',
      'spring-actuator-env high 80',
    ]);
    expect(first.map((v) => v.severity)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
    expect(first.every((v) => v.status === 'open' && v.host === SITE)).toBe(true);

    const git = first.find((v) => v.template_id === 'git-config-exposure' && v.port === 80)!;
    const detail = (
      await call('GET', `panel/scans/${scanId}/histories/${firstRun}/vulnerabilities/${git.id}/`, owner.auth)
    ).json().data;
    expect(detail.request).toContain('GET /.git/config');
    expect(detail.response).toContain('[core]');
    expect(detail.curl_command).toMatch(
      /^curl -i -s -k -X GET 'http:\/\/weak1\.lab\.didban\.test(:80)?\/\.git\/config'/,
    );
    expect(detail.description).toEqual(expect.any(String));
    const affected = (
      await call(
        'GET',
        `panel/scans/${scanId}/histories/${firstRun}/vulnerabilities/${git.id}/affected-assets/`,
        owner.auth,
      )
    ).json().data;
    expect(affected.map((a: { port: number }) => a.port).sort()).toEqual([443, 80]);

    // Triage: in progress, said so in the status history.
    const triaged = await call('PATCH', `panel/vulnerabilities/${git.id}/`, owner.auth, {
      status: 'in_progress',
    });
    expect(triaged.json().data.status_history[0]).toMatchObject({
      status: 'in_progress',
      by: owner.user.username,
    });

    // Fix it in the lab and rescan: both sides of the git exposure are fixed by the server.
    await lab.weaknesses.fix(SITE, 'git-config-exposure');
    const rerun = await call('POST', `panel/scans/${scanId}/run/`, owner.auth, {});
    expect(rerun.statusCode).toBe(201);
    const secondRun = rerun.json().data.id;
    expect((await finished(secondRun)).status).toBe('finished');
    const second = await runVulns(secondRun);
    const fixed = second.filter((v) => v.template_id === 'git-config-exposure');
    expect(fixed.map((v) => v.status)).toEqual(['fixed', 'fixed']);
    expect(second.filter((v) => v.status === 'open')).toHaveLength(4);
    const afterFix = (await call('GET', `panel/vulnerabilities/${git.id}/`, owner.auth)).json().data;
    expect(afterFix).toMatchObject({ status: 'fixed', reopened_count: 0 });
    expect(afterFix.fixed_at).toEqual(expect.any(String));
    expect(afterFix.status_history[0]).toMatchObject({ status: 'fixed', by: null });

    // Plant it again: the next run reopens the same record.
    await lab.weaknesses.plant(SITE, 'git-config-exposure');
    const third = (await call('POST', `panel/scans/${scanId}/run/`, owner.auth, {})).json().data.id;
    expect((await finished(third)).status).toBe('finished');
    const reopened = (await call('GET', `panel/vulnerabilities/${git.id}/`, owner.auth)).json().data;
    expect(reopened).toMatchObject({ status: 'open', reopened_count: 1, fixed_at: null });
    expect(reopened.status_history.map((s: { status: string }) => s.status)).toEqual([
      'open',
      'fixed',
      'in_progress',
    ]);

    // Nothing was duplicated across three runs: six records in the workspace.
    const all = (await call('GET', 'panel/vulnerabilities/?page_size=100', owner.auth)).json().data;
    expect(all.result_count).toBe(6);
    const dashboard = (await call('GET', 'panel/dashboard/', owner.auth)).json().data;
    expect(dashboard.vulnerabilities).toEqual({ critical: 0, high: 2, medium: 2, low: 2, info: 0 });
    expect(dashboard).toMatchObject({ asset_groups: 1, assets: 2 });
    expect(dashboard.scans).toMatchObject({ total: 1, completed: 1, running: 0 });
    const scan = (await call('GET', `panel/scans/${scanId}/`, owner.auth)).json().data;
    expect(scan).toMatchObject({ status: 'finished', vulnerabilities: { high: 2, medium: 2, low: 2 } });
  }, 300_000);
});
