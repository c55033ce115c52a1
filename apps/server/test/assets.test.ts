import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetChanges, assetGroups, assets, enumerationHistories, tasks } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

let server: TestServer;
beforeAll(async () => {
  // The built-in worker refuses private roots unless the operator opens them (issue 15); these
  // tests save a group with 10.0.0.0/30, so open exactly that.
  server = await createTestServer({ DIDBAN_BUILTIN_WORKER_ALLOW: '10.0.0.0/30' });
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const en = { 'accept-language': 'en' };
const fa = { 'accept-language': 'fa' };

async function setup() {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { api_key } = await createWorker(server, owner.auth, { name: 'w' });
  return { owner, workspaceId, w: asWorker(server, api_key), auth: { ...owner.auth, ...en } };
}

/** Run the group's queued discovery through the worker API with these results. */
async function discover(w: ReturnType<typeof asWorker>, items: object[]) {
  const claim = (await w.claim()).json().data.task;
  expect(claim).not.toBeNull();
  expect((await w.results(claim.id, 0, items)).statusCode).toBe(200);
  expect((await w.complete(claim.id)).statusCode).toBe(200);
  return claim as { id: string; payload: { history_id: string; roots: string[]; auto_discovery: boolean } };
}

const lab = [
  assetResult('shop.lab.test', 443, { is_root: true, cnames: ['cdn.lab.test', 'edge.cdn.test'] }),
  assetResult('api.lab.test', 8080, {
    ips: ['10.0.0.5', '10.0.0.6'],
    http: { ...assetResult('x', 1).http, status: 401, title: '=cmd|calc' },
  }),
  assetResult('mail.lab.test', 25, { http: null, service: 'smtp', technologies: [] }),
];

describe('asset groups', () => {
  it('refuses a bad group with the §5 messages in both languages and stores nothing', async () => {
    const { owner, workspaceId, auth } = await setup();
    const body = { name: ' ', roots: 'shop.lab.test, bad_host', port_setting: 'custom', custom_ports: '' };
    const response = await call('POST', 'panel/assets/', auth, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Some fields are not valid.',
      code: 'validation',
      errors: {
        name: ['Asset Group Name is required.'],
        roots: ['bad_host is not a valid domain or IP/CIDR.'],
        custom_ports: ['Custom ports cannot be empty.'],
      },
    });
    const persian = await call('POST', 'panel/assets/', { ...owner.auth, ...fa }, { name: 'x', roots: '' });
    expect(persian.json().errors).toEqual({ roots: ['دست‌کم یک دامنه یا IP ریشه لازم است.'] });
    expect(
      await server.db.select().from(assetGroups).where(eq(assetGroups.workspace_id, workspaceId)),
    ).toEqual([]);
  });

  it('creates a group (starting its discovery), lists, searches, patches and deletes it', async () => {
    const { workspaceId, auth } = await setup();
    const created = await call('POST', 'panel/assets/', auth, {
      name: 'Shop',
      roots: 'Shop.Lab.Test\n10.0.0.0/30',
      scope_exclude: ['*.internal.lab.test'],
      auto_discovery: false,
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({
      name: 'Shop',
      roots: ['shop.lab.test', '10.0.0.0/30'],
      scope: { include: [], exclude: ['*.internal.lab.test'] },
      port_setting: 'top-100',
      auto_discovery: false,
      status: 'running',
      asset_count: 0,
      scan_frequency: 'none',
      enumeration: { enumeration_id: group.id },
    });
    const [history] = await server.db
      .select()
      .from(enumerationHistories)
      .where(eq(enumerationHistories.group_id, group.id));
    const [task] = await server.db.select().from(tasks).where(eq(tasks.id, history!.task_id!));
    expect(task).toMatchObject({ kind: 'discovery', workspace_id: workspaceId });
    expect(task!.payload).toMatchObject({ roots: ['shop.lab.test', '10.0.0.0/30'], auto_discovery: false });

    await call('POST', 'panel/assets/', auth, { name: 'Blog', roots: ['blog.example.org'] });
    const byDomain = (await call('GET', 'panel/assets/?search=example.ORG', auth)).json().data;
    expect(byDomain.results.map((g: { name: string }) => g.name)).toEqual(['Blog']);
    const byName = await call('GET', 'panel/assets/?ordering=name&page_size=1&page=2', auth);
    expect(byName.json().data).toMatchObject({
      result_count: 2,
      total_pages: 2,
      current_page: 2,
      previous_page: 1,
    });
    expect(byName.json().data.results[0].name).toBe('Shop');

    const patched = await call('PATCH', `panel/assets/${group.id}/`, auth, {
      name: 'Shop 2',
      port_setting: 'custom',
      custom_ports: '80,443,8080-8090',
    });
    expect(patched.json().data).toMatchObject({ name: 'Shop 2', custom_ports: '80,443,8080-8090' });
    const badPatch = await call('PATCH', `panel/assets/${group.id}/`, auth, { roots: '' });
    expect(badPatch.json().errors).toEqual({ roots: ['At least one root domain or IP is required.'] });
    expect((await call('GET', `panel/assets/${group.id}/`, auth)).json().data.roots).toEqual([
      'shop.lab.test',
      '10.0.0.0/30',
    ]);

    expect((await call('DELETE', `panel/assets/${group.id}/`, auth)).statusCode).toBe(200);
    expect((await call('GET', `panel/assets/${group.id}/`, auth)).statusCode).toBe(404);
    const [cancelled] = await server.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(cancelled!.status).toBe('cancelled');
  });

  it('takes the schedule with the group: stored with it, or nothing stored when it is not valid', async () => {
    const { workspaceId, auth } = await setup();
    const refused = await call('POST', 'panel/assets/', auth, {
      name: 'Weekly',
      roots: 'weekly.lab.test',
      scan_frequency: 'custom',
      custom_weekdays: [],
      start_time: '2030-01-01T08:00:00Z',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose at least one weekday for a custom schedule.');
    expect(
      await server.db.select().from(assetGroups).where(eq(assetGroups.workspace_id, workspaceId)),
    ).toEqual([]);
    expect(await server.db.select().from(tasks).where(eq(tasks.workspace_id, workspaceId))).toEqual([]);

    const created = await call('POST', 'panel/assets/', auth, {
      name: 'Weekly',
      roots: 'weekly.lab.test',
      scan_frequency: 'weekly',
      start_time: '2030-01-01T08:00:00Z',
    });
    expect(created.json().data).toMatchObject({
      scan_frequency: 'weekly',
      custom_weekdays: [],
      start_time: '2030-01-01T08:00:00.000Z',
    });
    const id = created.json().data.id;
    const custom = await call('PATCH', `panel/assets/${id}/`, auth, {
      scan_frequency: 'custom',
      custom_weekdays: [6, 0],
    });
    expect(custom.json().data).toMatchObject({ scan_frequency: 'custom', custom_weekdays: [0, 6] });
    const off = await call('PATCH', `panel/assets/${id}/`, auth, { scan_frequency: 'none' });
    expect(off.json().data.scan_frequency).toBe('none');
  });

  it("answers 404 for another workspace's group, asset and history", async () => {
    const a = await setup();
    const b = await setup();
    const group = (await call('POST', 'panel/assets/', a.auth, { name: 'A', roots: 'a.lab.test' })).json()
      .data;
    const task = await discover(a.w, [assetResult('a.lab.test', 80)]);
    const [asset] = await server.db.select().from(assets).where(eq(assets.group_id, group.id));
    for (const [method, url] of [
      ['GET', `panel/assets/${group.id}/`],
      ['PATCH', `panel/assets/${group.id}/`],
      ['DELETE', `panel/assets/${group.id}/`],
      ['GET', `panel/asset-groups/${group.id}/assets/`],
      ['GET', `panel/all-assets/${asset!.id}/`],
      ['DELETE', `panel/all-assets/${asset!.id}/`],
      ['GET', `panel/enumerations/${group.id}/`],
      ['GET', `panel/enumeration-status/${task.payload.history_id}`],
      ['GET', `panel/compare_histories/${task.payload.history_id}/${task.payload.history_id}/`],
      ['GET', `panel/all-assets/?history=${task.payload.history_id}`],
    ] as const) {
      const response = await call(method, url, b.auth, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const rediscover = await call('POST', 'panel/asset-rediscovery/', b.auth, { asset_group_id: group.id });
    expect(rediscover.statusCode).toBe(404);
    expect((await call('GET', 'panel/all-assets/', b.auth)).json().data.result_count).toBe(0);
  });
});

describe('inventory', () => {
  async function withAssets() {
    const ctx = await setup();
    const group = (await call('POST', 'panel/assets/', ctx.auth, { name: 'Lab', roots: 'lab.test' })).json()
      .data;
    const task = await discover(ctx.w, lab);
    return { ...ctx, group, historyId: task.payload.history_id };
  }
  const hosts = (body: { data: { results: { host: string }[] } }) => body.data.results.map((a) => a.host);

  it('filters, searches, sorts and pages', async () => {
    const { auth, group } = await withAssets();
    const all = (await call('GET', 'panel/all-assets/?ordering=host', auth)).json();
    expect(hosts(all)).toEqual(['api.lab.test', 'mail.lab.test', 'shop.lab.test']);
    expect(all.data.results[1]).toMatchObject({ port: 25, status: 'done', title: null, group: group.id });
    expect(all.data.results[2]).toMatchObject({ is_root: true, cname: "['cdn.lab.test', 'edge.cdn.test']" });
    expect(hosts((await call('GET', 'panel/all-assets/?ordering=-port', auth)).json())).toEqual([
      'api.lab.test',
      'shop.lab.test',
      'mail.lab.test',
    ]);
    expect(hosts((await call('GET', 'panel/all-assets/?search=%20%20SHOP%20', auth)).json())).toEqual([
      'shop.lab.test',
    ]);
    expect(hosts((await call('GET', 'panel/all-assets/?port=25,8080&ordering=port', auth)).json())).toEqual([
      'mail.lab.test',
      'api.lab.test',
    ]);
    expect(hosts((await call('GET', 'panel/all-assets/?ip=10.0.0.6', auth)).json())).toEqual([
      'api.lab.test',
    ]);
    expect(
      hosts((await call('GET', 'panel/all-assets/?technologies=nginx&status=200', auth)).json()),
    ).toEqual(['shop.lab.test']);
    expect(hosts((await call('GET', 'panel/all-assets/?cname=edge.cdn', auth)).json())).toEqual([
      'shop.lab.test',
    ]);
    const paged = (await call('GET', 'panel/all-assets/?ordering=host&page=2&page_size=2', auth)).json().data;
    expect(paged).toMatchObject({ result_count: 3, total_pages: 2, current_page: 2, next_page: null });
    expect(paged.results.map((a: { host: string }) => a.host)).toEqual(['shop.lab.test']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await call('GET', `panel/all-assets/?created_at_after=${today}&created_at_before=${today}`, auth)
      ).json().data.result_count,
    ).toBe(3);
    expect(
      (await call('GET', 'panel/all-assets/?created_at_before=2020-01-01', auth)).json().data.result_count,
    ).toBe(0);
    const inGroup = (await call('GET', `panel/asset-groups/${group.id}/assets/?status=401`, auth)).json();
    expect(hosts(inGroup)).toEqual(['api.lab.test']);
  });

  it('rejects unknown filter keys, bad dates and bad ordering with clear messages', async () => {
    const { auth, owner } = await withAssets();
    const unknown = await call('GET', 'panel/all-assets/?hostname=x&colour=red', auth);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message:
        'Unknown filter: hostname, colour. Allowed filters: asset_group, status, host, cname, ip, technologies, title, port, gone.',
      code: 'unknown_filter',
    });
    const persian = await call('GET', 'panel/all-assets/?hostname=x', { ...owner.auth, ...fa });
    expect(persian.json().message).toBe(
      'فیلتر ناشناخته: hostname. فیلترهای مجاز: asset_group, status, host, cname, ip, technologies, title, port, gone.',
    );
    const date = await call('GET', 'panel/all-assets/?created_at_after=2026-02-30', auth);
    expect(date.json()).toEqual({
      message: 'Date input not valid.',
      code: 'date_invalid',
      errors: { created_at_after: ['Date input not valid.'] },
    });
    expect((await call('GET', 'panel/all-assets/?ordering=-password', auth)).statusCode).toBe(400);
    expect((await call('GET', 'panel/all-assets/?port=http', auth)).statusCode).toBe(400);
    const field = await call('GET', 'panel/all-assets/?fieldname=secret', auth);
    expect(field.json().message).toBe(
      'Filter options are not available for "secret". Choose one of: status, host, cname, ip, technologies, title, port.',
    );
  });

  it('lists option values with counts for a field, narrowed by search', async () => {
    const { auth, group } = await withAssets();
    const status = (await call('GET', 'panel/all-assets/?fieldname=status&search=', auth)).json().data;
    expect(status).toEqual([
      { value: '200', count: 1 },
      { value: '401', count: 1 },
      { value: 'done', count: 1 },
    ]);
    const ips = (
      await call('GET', `panel/asset-groups/${group.id}/assets/?fieldname=ip&search=10.0`, auth)
    ).json().data;
    expect(ips).toEqual([
      { value: '10.0.0.5', count: 1 },
      { value: '10.0.0.6', count: 1 },
    ]);
    expect((await call('GET', 'panel/all-assets/?fieldname=technologies', auth)).json().data).toEqual([
      { value: 'Nginx', count: 2 },
    ]);
    expect((await call('GET', 'panel/all-assets/?fieldname=cname&search=edge', auth)).json().data).toEqual([
      { value: 'edge.cdn.test', count: 1 },
    ]);
  });

  it('lists technologies and the assets using one; deletes an asset', async () => {
    const { auth } = await withAssets();
    const techs = (await call('GET', 'panel/all-assets/technologies/', auth)).json().data;
    expect(techs).toEqual([
      {
        id: 'nginx',
        name: 'Nginx',
        icon: null,
        website: 'http://nginx.org/en',
        description_en: null,
        categories: [{ name: 'Web servers' }],
        versions: ['1.25.3'],
        asset_count: 2,
      },
    ]);
    const using = (
      await call('GET', 'panel/all-assets/filter-by-technology?technology_id=nginx&page_size=10', auth)
    ).json();
    expect(hosts(using)).toEqual(['api.lab.test', 'shop.lab.test']);
    const id = using.data.results[0].id;
    expect((await call('DELETE', `panel/all-assets/${id}/`, auth)).json()).toEqual({
      data: { deleted: true },
    });
    expect((await call('GET', `panel/all-assets/${id}/`, auth)).statusCode).toBe(404);
    expect((await call('GET', 'panel/all-assets/', auth)).json().data.result_count).toBe(2);
  });
});

describe('enumerations and history', () => {
  it('re-discovers, keeps each history’s inventory, compares them and writes the changelog', async () => {
    const { auth, w, workspaceId } = await setup();
    const group = (await call('POST', 'panel/assets/', auth, { name: 'Lab', roots: 'lab.test' })).json().data;
    const first = await discover(w, lab);
    const again = await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id });
    expect(again.statusCode).toBe(201);
    const twice = await call('POST', 'panel/enumerations/', auth, { asset_group_id: group.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A discovery of this asset group is already running.');
    // The lab changed: shop now answers 500, mail is gone, a new host appeared.
    const changedShop = assetResult('shop.lab.test', 443, {
      is_root: true,
      cnames: ['cdn.lab.test', 'edge.cdn.test'],
      http: { ...assetResult('x', 1).http, status: 500, title: 'Title of shop.lab.test' },
    });
    const second = await discover(w, [changedShop, lab[1]!, assetResult('new.lab.test', 80)]);
    expect(second.payload.history_id).toBe(again.json().data.history_id);

    const enumeration = (await call('GET', `panel/enumerations/${group.id}/`, auth)).json().data;
    expect(
      enumeration.history.map((h: { id: string; status: string; new_assets: number }) => [
        h.id,
        h.status,
        h.new_assets,
      ]),
    ).toEqual([
      [second.payload.history_id, 'finished', 0],
      [first.payload.history_id, 'finished', 3],
    ]);

    const past = (
      await call('GET', `panel/all-assets/?history=${first.payload.history_id}&ordering=host`, auth)
    ).json();
    expect(past.data.results.map((a: { host: string; status: string }) => `${a.host} ${a.status}`)).toEqual([
      'api.lab.test 401',
      'mail.lab.test done',
      'shop.lab.test 200',
    ]);
    const pastOptions = (
      await call('GET', `panel/all-assets/?history=${first.payload.history_id}&fieldname=status`, auth)
    ).json().data;
    expect(pastOptions.map((o: { value: string }) => o.value)).toEqual(['200', '401', 'done']);

    const diff = (
      await call(
        'GET',
        `panel/compare_histories/${first.payload.history_id}/${second.payload.history_id}/`,
        auth,
      )
    ).json().data;
    expect(diff.added.map((a: { host: string }) => a.host)).toEqual(['new.lab.test']);
    expect(diff.removed.map((a: { host: string }) => a.host)).toEqual(['mail.lab.test']);
    expect(
      diff.changed.map((c: { asset: { host: string }; changes: object[] }) => [c.asset.host, c.changes]),
    ).toEqual([['shop.lab.test', [{ field: 'status', from: '200', to: '500' }]]]);

    const [shop] = await server.db
      .select()
      .from(assets)
      .where(and(eq(assets.group_id, group.id), eq(assets.host, 'shop.lab.test')));
    const log = (await call('GET', `panel/all-assets/${shop!.id}/changelog/`, auth)).json().data;
    expect(
      log.map((c: { kind: string; changes: object[]; enumeration_history: string }) => [
        c.kind,
        c.changes,
        c.enumeration_history,
      ]),
    ).toEqual([
      ['changed', [{ field: 'status', from: '200', to: '500' }], second.payload.history_id],
      ['appeared', [], first.payload.history_id],
    ]);
    const [mail] = await server.db
      .select()
      .from(assets)
      .where(and(eq(assets.group_id, group.id), eq(assets.host, 'mail.lab.test')));
    const mailLog = await server.db.select().from(assetChanges).where(eq(assetChanges.asset_id, mail!.id));
    expect(mailLog.map((c) => c.kind).sort()).toEqual(['appeared', 'disappeared']);
    expect(mailLog.every((c) => c.workspace_id === workspaceId)).toBe(true);

    const bell = (await call('GET', 'panel/notifications/', auth)).json().data.results;
    expect(bell.slice(0, 2).map((n: { text: string; link: string }) => [n.text, n.link])).toEqual([
      ['Discovery of Lab finished: 1 new, 1 changed and 1 gone asset(s).', `/assets/${group.id}`],
      ['Discovery of Lab finished: 3 new asset(s).', `/assets/${group.id}`],
    ]);
    const bellFa = (await call('GET', 'panel/notifications/', { ...auth, ...fa })).json().data.results;
    expect(bellFa[0].text).toBe(
      'کشف دارایی‌های \u2068Lab\u2069 تمام شد: ۱ دارایی جدید، ۱ تغییرکرده و ۱ ناپدیدشده.',
    );
  });

  it('reports status and cancels a running discovery (409 once it is not running)', async () => {
    const { auth } = await setup();
    const group = (await call('POST', 'panel/assets/', auth, { name: 'Lab', roots: 'lab.test' })).json().data;
    const status = (await call('GET', `panel/enumeration-status/${group.id}`, auth)).json().data;
    expect(status).toMatchObject({ enumeration_id: group.id, status: 'running', asset_count: 0 });
    const cancel = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/enumerations/${group.id}/histories/${status.history_id}/cancel-scan/`,
      headers: auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', history_id: status.history_id });
    expect(
      (await call('GET', `panel/enumeration-status/${status.history_id}`, auth)).json().data.status,
    ).toBe('cancelled');
    expect((await call('GET', `panel/assets/${group.id}/`, auth)).json().data.status).toBe('cancelled');
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/enumerations/${group.id}/histories/${status.history_id}/cancel-scan/`,
      headers: auth,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This discovery is not running, so there is nothing to cancel.');
  });
});
