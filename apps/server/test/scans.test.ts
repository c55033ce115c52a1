import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanChunks, scans, tasks, vulnerabilities } from '../src/db/schema.js';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

// Scans through the API with a worker driven by hand over the worker protocol: creating, the
// split into chunks, ingestion (twice), cancel, and the errors of bad input in fa and en.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const en = (auth: Headers) => ({ ...auth, 'accept-language': 'en' });
const fa = (auth: Headers) => ({ ...auth, 'accept-language': 'fa' });

async function member(hosts = ['a.scan.test', 'b.scan.test']) {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { group, assets } = await groupWithAssets(server, workspaceId, hosts);
  return { owner, workspaceId, group, assets };
}

const GIT = 'public:git-config-exposure';

describe('scans: create, split, ingest, cancel', () => {
  it('creates a scan with a first run split into template-run chunks, one per target here', async () => {
    const { owner, group } = await member();
    const created = await call('POST', 'panel/scans/', owner.auth, {
      name: 'Nightly',
      asset_group: [group.id],
      template_ids: [GIT],
      template_tags: [],
    });
    expect(created.statusCode).toBe(201);
    const scan = created.json().data;
    expect(scan).toMatchObject({
      name: 'Nightly',
      asset_group: group.id,
      asset_group_name: group.name,
      status: 'running',
    });
    expect(scan.scan_history_id).toEqual(expect.any(String));
    const status = await call(
      'GET',
      `panel/scans/${scan.id}/histories/${scan.scan_history_id}/status`,
      owner.auth,
    );
    expect(status.json().data).toEqual({ status: 'running', tasks_done: 0, total_task: 2 });
    const chunks = await server.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, scan.scan_history_id));
    expect(chunks.flatMap((c) => c.targets).sort()).toEqual([
      'http://a.scan.test:80',
      'http://b.scan.test:80',
    ]);
    const [task] = await server.db.select().from(tasks).where(eq(tasks.id, chunks[0]!.task_id!));
    expect(task).toMatchObject({ kind: 'template-run', status: 'queued' });
  });

  it('stores results once when the same batch is posted twice, finishes, and notifies', async () => {
    const { owner, workspaceId } = await member(['one.scan.test']);
    const key = (await createWorker(server, owner.auth, { name: 'hand' })).api_key;
    const worker = asWorker(server, key);
    const { group } = await groupWithAssets(server, workspaceId, ['two.scan.test'], 'Second');
    const bulk = await call('POST', 'panel/scans/bulk-create/', owner.auth, {
      name: 'bulk scan for Second',
      asset_groups: [group.id],
      template_ids: [GIT],
    });
    expect(bulk.statusCode).toBe(201);
    const { scan_id, scan_history_id } = bulk.json().data;
    const claimed = (await worker.claim()).json().data.task;
    expect(claimed.kind).toBe('template-run');
    const target = claimed.payload.targets[0];
    expect(target).toBe('http://two.scan.test:80');
    // Binary evidence (a NUL byte) is stored too, shown as U+FFFD.
    const items = [
      findingItem(target, 'git-config-exposure', {
        matcher_name: 'config',
        response: 'HTTP/1.1 200 OK\r\n\r\n[core]\u0000bare',
      }),
    ];
    expect((await worker.results(claimed.id, 1, items)).statusCode).toBe(200);
    expect((await worker.results(claimed.id, 1, items)).statusCode).toBe(200);
    const again = await worker.results(claimed.id, 2, items);
    expect(again.statusCode).toBe(200);
    const stored = await server.db
      .select()
      .from(vulnerabilities)
      .where(eq(vulnerabilities.workspace_id, workspaceId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ severity: 'high', status: 'open', host: 'two.scan.test', port: 80 });
    expect((await worker.complete(claimed.id)).statusCode).toBe(200);
    const status = await call(
      'GET',
      `panel/scans/${scan_id}/histories/${scan_history_id}/status`,
      owner.auth,
    );
    expect(status.json().data).toEqual({ status: 'finished', tasks_done: 1, total_task: 1 });
    const list = await call(
      'GET',
      `panel/scans/${scan_id}/histories/${scan_history_id}/vulnerabilities/`,
      owner.auth,
    );
    expect(list.json().data.result_count).toBe(1);
    const vuln = list.json().data.results[0];
    const detail = (
      await call(
        'GET',
        `panel/scans/${scan_id}/histories/${scan_history_id}/vulnerabilities/${vuln.id}/`,
        owner.auth,
      )
    ).json().data;
    expect(detail.curl_command).toBe(
      "curl -i -s -k -X GET 'http://two.scan.test/.git/config' -H 'User-Agent: didban'",
    );
    expect(detail.description).toEqual(expect.any(String));
    expect(detail.response).toBe('HTTP/1.1 200 OK\r\n\r\n[core]\uFFFDbare');
    const notes = await call('GET', 'panel/notifications/', en(owner.auth));
    expect(JSON.stringify(notes.json())).toContain('Scan bulk scan for Second finished: 0 critical, 1 high');
    // Cancelling a finished run: 409 with a clear message, in both languages.
    const cancelEn = await call(
      'POST',
      `panel/scans/${scan_id}/histories/${scan_history_id}/cancel-scan/`,
      en(owner.auth),
      {},
    );
    expect(cancelEn.statusCode).toBe(409);
    expect(cancelEn.json().message).toBe('This scan is not running, so there is nothing to cancel.');
    const cancelFa = await call(
      'POST',
      `panel/scans/${scan_id}/histories/${scan_history_id}/cancel-scan/`,
      fa(owner.auth),
      {},
    );
    expect(cancelFa.json().message).toBe('این اسکن در حال اجرا نیست و چیزی برای لغو وجود ندارد.');
  });

  it('cancels a running run: its queued chunks are cancelled and a worker cannot post to them', async () => {
    const { owner, group } = await member(['c1.scan.test', 'c2.scan.test', 'c3.scan.test']);
    const created = (
      await call('POST', 'panel/scans/', owner.auth, {
        name: 'To cancel',
        asset_group: [group.id],
        template_ids: [GIT],
      })
    ).json().data;
    const cancel = await call(
      'POST',
      `panel/scans/${created.id}/histories/${created.scan_history_id}/cancel-scan/`,
      owner.auth,
      {},
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', tasks_done: 0, total_task: 3 });
    const chunks = await server.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, created.scan_history_id));
    for (const c of chunks) {
      expect(c.status).toBe('cancelled');
      const [t] = await server.db.select().from(tasks).where(eq(tasks.id, c.task_id!));
      expect(t?.status).toBe('cancelled');
    }
  });
});

describe('scans: bad input', () => {
  it("refuses another workspace's group, no templates, unknown templates and empty names — in fa and en", async () => {
    const { owner, group, workspaceId } = await member();
    const other = await member();
    const foreign = await call('POST', 'panel/scans/', en(owner.auth), {
      name: 'x',
      asset_group: [other.group.id],
      template_ids: [GIT],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This asset group does not exist in the current workspace.');
    const foreignFa = await call('POST', 'panel/scans/bulk-create/', fa(owner.auth), {
      name: 'x',
      asset_groups: [other.group.id],
      template_ids: [GIT],
    });
    expect(foreignFa.json().message).toBe('این گروه دارایی در فضای کاری کنونی وجود ندارد.');
    const foreignAssets = await call('POST', 'panel/scans/bulk-create/', en(owner.auth), {
      name: 'x',
      assets: [other.assets[0]!.id],
      template_ids: [GIT],
    });
    expect(foreignAssets.json().message).toBe('Some of these assets do not exist in the current workspace.');
    const none = await call('POST', 'panel/scans/', en(owner.auth), { name: 'x', asset_group: [group.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one template or tag.');
    const noneFa = await call('POST', 'panel/scans/bulk-create/', fa(owner.auth), {
      name: 'x',
      asset_groups: [group.id],
    });
    expect(noneFa.json().message).toBe('دست‌کم یک قالب یا برچسب انتخاب کنید.');
    const unknown = await call('POST', 'panel/scans/', en(owner.auth), {
      name: 'x',
      asset_group: [group.id],
      template_ids: ['public:no-such-template'],
    });
    expect(unknown.json().message).toBe('Template not found: public:no-such-template');
    const tag = await call('POST', 'panel/scans/', en(owner.auth), {
      name: 'x',
      asset_group: [group.id],
      template_tags: ['no-such-tag'],
    });
    expect(tag.json().message).toBe('No runnable template has the tag "no-such-tag".');
    const noName = await call('POST', 'panel/scans/', en(owner.auth), {
      name: ' ',
      asset_group: [group.id],
      template_ids: [GIT],
    });
    expect(noName.json()).toMatchObject({
      message: 'Scan name is required.',
      errors: { name: ['Scan name is required.'] },
    });
    const noGroup = await call('POST', 'panel/scans/', en(owner.auth), {
      name: 'x',
      asset_group: [],
      template_ids: [GIT],
    });
    expect(noGroup.json().message).toBe('Select an asset group.');
    const both = await call('POST', 'panel/scans/bulk-create/', en(owner.auth), {
      name: 'x',
      asset_groups: [group.id],
      assets: [],
      template_ids: [GIT],
    });
    expect(both.statusCode).toBe(201);
    const neither = await call('POST', 'panel/scans/bulk-create/', en(owner.auth), {
      name: 'x',
      template_ids: [GIT],
    });
    expect(neither.json().message).toBe('Choose asset groups or assets to scan, not both and not neither.');
    // Only the one valid bulk scan was stored; every refused call left nothing behind.
    const mine = await server.db.select().from(scans).where(eq(scans.workspace_id, workspaceId));
    expect(mine.map((s) => s.id)).toEqual([both.json().data.scan_id]);
  });

  it('names every group of a bulk scan over several groups, in the order chosen (issue 34, item 12)', async () => {
    const { owner, workspaceId, group } = await member(['first.multi.test']);
    const { group: second } = await groupWithAssets(server, workspaceId, ['second.multi.test'], 'Second');
    const { group: third } = await groupWithAssets(server, workspaceId, ['third.multi.test'], 'Third');
    const bulk = await call('POST', 'panel/scans/bulk-create/', owner.auth, {
      name: 'bulk scan over three',
      asset_groups: [group.id, third.id, second.id],
      template_ids: [GIT],
    });
    expect(bulk.statusCode).toBe(201);
    const shown = (await call('GET', `panel/scans/${bulk.json().data.scan_id}/`, owner.auth)).json().data;
    // The old single field stays for older clients: the first group.
    expect(shown).toMatchObject({ asset_group: group.id, asset_group_name: group.name });
    expect(shown.asset_groups).toEqual([
      { id: group.id, name: group.name },
      { id: third.id, name: 'Third' },
      { id: second.id, name: 'Second' },
    ]);
    const listed = (await call('GET', 'panel/scans/', owner.auth)).json().data.results;
    expect(listed.find((s: { id: string }) => s.id === shown.id).asset_groups).toHaveLength(3);
  });

  it("answers 404 for another workspace's scan, run and vulnerability ids", async () => {
    const a = await member();
    const b = await member();
    const created = (
      await call('POST', 'panel/scans/', a.owner.auth, {
        name: 'mine',
        asset_group: [a.group.id],
        template_ids: [GIT],
      })
    ).json().data;
    for (const url of [
      `panel/scans/${created.id}/`,
      `panel/scans/${created.id}/histories`,
      `panel/scans/${created.id}/histories/${created.scan_history_id}/status`,
      `panel/scans/${created.id}/histories/${created.scan_history_id}/vulnerabilities/`,
    ])
      expect((await call('GET', url, b.owner.auth)).statusCode, url).toBe(404);
    const cancel = await call(
      'POST',
      `panel/scans/${created.id}/histories/${created.scan_history_id}/cancel-scan/`,
      b.owner.auth,
      {},
    );
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses unknown list filter keys and filter-value fields', async () => {
    const { owner } = await member();
    const bad = await call('GET', 'panel/scans/?colour=red', en(owner.auth));
    expect(bad.statusCode).toBe(400);
    const field = await call('GET', 'panel/scans/filter-values/?field=colour', en(owner.auth));
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toContain('Filter values are not available for "colour"');
  });
});

describe('scans: list, filters, statistics, schedules, dashboard', () => {
  it('filters by name, status and target asset keys; counts; schedules once per scan', async () => {
    const { owner, group } = await member(['list-a.scan.test', 'list-b.scan.test']);
    const other = await groupWithAssets(
      server,
      await personalWorkspaceId(server, owner.user.id),
      ['else.scan.test'],
      'Else',
    );
    const running = (
      await call('POST', 'panel/scans/', owner.auth, {
        name: 'Alpha run',
        asset_group: [group.id],
        template_ids: [GIT],
      })
    ).json().data;
    const idle = (
      await call('POST', 'panel/scans/', owner.auth, {
        name: 'Beta idle',
        asset_group: [other.group.id],
        template_tags: ['git'],
        run_now: false,
      })
    ).json().data;
    expect(idle).toMatchObject({ status: 'not_started', scan_history_id: null, template_tags: ['git'] });
    const names = async (query: string) =>
      (await call('GET', `panel/scans/?${query}`, owner.auth))
        .json()
        .data.results.map((s: { name: string }) => s.name);
    expect(await names('search=alpha')).toEqual(['Alpha run']);
    expect(await names('status=running')).toEqual(['Alpha run']);
    expect(await names('status=not_started')).toEqual(['Beta idle']);
    expect(await names('host=else.scan.test')).toEqual(['Beta idle']);
    expect(await names('host=list-a.scan.test,else.scan.test&ordering=name')).toEqual([
      'Alpha run',
      'Beta idle',
    ]);
    expect(await names(`asset_group=${group.id}`)).toEqual(['Alpha run']);
    expect(await names('template_tags=git')).toEqual(['Beta idle']);
    expect(await names('port=80&ordering=-name')).toEqual(['Beta idle', 'Alpha run']);
    const hosts = (await call('GET', 'panel/scans/filter-values/?field=host&search=list', owner.auth)).json()
      .data;
    expect(hosts).toEqual([
      { value: 'list-a.scan.test', count: 1, label: null },
      { value: 'list-b.scan.test', count: 1, label: null },
    ]);
    const groups = (await call('GET', 'panel/scans/filter-values/?field=asset_group', owner.auth)).json()
      .data;
    expect(groups).toContainEqual({ value: group.id, count: 1, label: group.name });
    expect((await call('GET', 'panel/scans/statistics', owner.auth)).json().data).toEqual({
      total: 2,
      running: 1,
      completed: 0,
      scheduled: 0,
    });

    const custom = await call('POST', 'panel/scan-schedules/', en(owner.auth), {
      scan: idle.id,
      frequency: 'custom',
      custom_weekdays: [],
    });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().message).toBe('Choose at least one weekday for a custom schedule.');
    const schedule = await call('POST', 'panel/scan-schedules/', en(owner.auth), {
      scan: idle.id,
      frequency: 'custom',
      custom_weekdays: [1, 3],
      start_time: '2030-01-01T09:00:00Z',
    });
    expect(schedule.statusCode).toBe(201);
    expect(schedule.json().data).toMatchObject({
      next_run_at: '2030-01-02T09:00:00.000Z',
      custom_weekdays: [1, 3],
    });
    const twice = await call('POST', 'panel/scan-schedules/', en(owner.auth), {
      scan: idle.id,
      frequency: 'daily',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This scan already has a schedule; edit it instead.');
    expect((await call('GET', `panel/scans/${idle.id}/`, owner.auth)).json().data.status).toBe('scheduled');
    const stopped = await call('PATCH', `panel/scan-schedules/${schedule.json().data.id}/`, owner.auth, {
      frequency: 'none',
    });
    expect(stopped.json().data).toMatchObject({ frequency: 'none', next_run_at: null });

    const again = await call('POST', `panel/scans/${running.id}/run/`, en(owner.auth), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This scan is already running.');
    const dashboard = (await call('GET', 'panel/dashboard/', owner.auth)).json().data;
    expect(dashboard).toMatchObject({
      scans: { total: 2, running: 1 },
      asset_groups: 2,
      assets: 3,
      vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
    });
  });
});
