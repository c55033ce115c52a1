import { startWorker, type WorkerHandle } from '@didban/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, startLab } from './helpers/lab.js';
import { groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createWorker, personalWorkspaceId } from './helpers/workers.js';

// Retest against the lab (issue 32), with a real worker loop over HTTP: a planted weakness is
// found by a scan; a retest while it is there keeps the finding open; once removed a retest marks
// it fixed; with the site down a retest is inconclusive and changes nothing; planted again, the
// next scan reopens the same finding with its history intact.
let lab: Lab;
let server: TestServer;
let serverUrl: string;
const workers: WorkerHandle[] = [];
const SITE = 'retest1.lab.didban.test';
const WEAKNESS = 'git-config-exposure';

beforeAll(async () => {
  lab = await startLab({ plantDefaults: false });
  await lab.weaknesses.plant(SITE, WEAKNESS);
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '6' });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await server?.close();
  await lab?.stop();
}, 60_000);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
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

describe('retest against the lab', () => {
  it('keeps open while present, fixes when removed, is inconclusive when the target is down, and a rescan reopens', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const key = (await createWorker(server, owner.auth, { name: 'lab-retester' })).api_key;
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
    const { group } = await groupWithAssets(server, workspaceId, [SITE], 'Retest site');
    const created = await call('POST', 'panel/scans/', auth, {
      name: 'Retest lab',
      asset_group: [group.id],
      template_ids: [`public:${WEAKNESS}`],
      template_tags: [],
    });
    expect(created.statusCode).toBe(201);
    const scanId = created.json().data.id;
    const runFinished = (historyId: string) =>
      until(`run ${historyId}`, async () => {
        const s = (await call('GET', `panel/scans/${scanId}/histories/${historyId}/status`, auth)).json()
          .data;
        return ['finished', 'failed'].includes(s.status) && s;
      });
    expect((await runFinished(created.json().data.scan_history_id)).status).toBe('finished');
    const list = (await call('GET', 'panel/vulnerabilities/', auth)).json().data.results;
    expect(list.map((v: { template_id: string }) => v.template_id)).toEqual([WEAKNESS]);
    const id: string = list[0].id;

    const retest = async () => {
      const queued = await call('POST', `panel/vulnerabilities/${id}/retest/`, auth);
      expect(queued.statusCode).toBe(201);
      return until('retest', async () => {
        const [r] = (await call('GET', `panel/vulnerabilities/${id}/retests/`, auth)).json().data;
        return r.id === queued.json().data.id && r.status === 'done' && r;
      });
    };
    const finding = async () => (await call('GET', `panel/vulnerabilities/${id}/`, auth)).json().data;

    // Present: still vulnerable, the matching exchange kept as evidence.
    const present = await retest();
    expect(present).toMatchObject({ verdict: 'still_vulnerable', reason: 'The template matched again.' });
    expect(present.evidence.find((e: { kind: string }) => e.kind === 'match').response).toContain('[core]');
    expect(await finding()).toMatchObject({ status: 'open', last_retest_verdict: 'still_vulnerable' });

    // Removed: the site answers the control request and nothing matches → fixed.
    await lab.weaknesses.fix(SITE, WEAKNESS);
    const removed = await retest();
    expect(removed.verdict).toBe('fixed');
    expect(removed.evidence.map((e: { kind: string }) => e.kind)).toEqual(['control']);
    expect(await finding()).toMatchObject({ status: 'fixed', last_retest_verdict: 'fixed' });

    // Down: nothing answers → inconclusive, the finding as it was, the reason shown.
    await lab.weaknesses.removeSite(SITE);
    const down = await retest();
    expect(down.verdict).toBe('inconclusive');
    expect(down.reason).toMatch(
      /^The (target did not answer the control request|template did not run cleanly): /,
    );
    expect(await finding()).toMatchObject({ status: 'fixed', last_retest_verdict: 'inconclusive' });

    // Planted again: the next scan reopens the same record; the history keeps every step.
    await lab.weaknesses.plant(SITE, WEAKNESS);
    // The site came back on a new lab address; the worker keeps DNS answers for 30 s
    // (apps/worker/src/resolver-lookup.ts), as a real one would until the record's TTL.
    await sleep(31_000);
    const rerun = await call('POST', `panel/scans/${scanId}/run/`, auth, {});
    expect(rerun.statusCode).toBe(201);
    expect((await runFinished(rerun.json().data.id)).status).toBe('finished');
    expect(await finding()).toMatchObject({ id, status: 'open', reopened_count: 1 });
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, auth)).json().data;
    expect(
      history.map(
        (h: { kind: string; data: { verdict?: string; to?: string } }) =>
          h.data.verdict ?? `${h.kind}:${h.data.to}`,
      ),
    ).toEqual(['status:open', 'inconclusive', 'status:fixed', 'fixed', 'still_vulnerable']);
  }, 240_000);
});
