import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, enumerationHistories } from '../src/db/schema.js';
import { ensureBuiltinWorker } from '../src/workers/builtin.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

// Issue 34 item 7: a free plan of 3 assets. Discovery results past it are listed on the history
// entry as over the plan's limit and not stored, for a self-hosted and the built-in worker alike.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ DIDBAN_FREE_ASSETS: '3' });
});
afterAll(() => server.close());

const hostsOf = async (groupId: string) =>
  (await server.db.select({ host: assets.host }).from(assets).where(eq(assets.group_id, groupId)))
    .map((a) => a.host)
    .sort();

describe('plan cap on discovery results', () => {
  it('stores new hosts up to the plan, roots first, lists the rest, tells the user and still re-discovers', async () => {
    const owner = await registerUser(server);
    const en = { ...owner.auth, 'accept-language': 'en' };
    const call = (
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
      headers: Record<string, string> = en,
    ) => server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
    // Creating the group starts its discovery; a self-hosted worker of the workspace takes it.
    const group = (await call('POST', 'panel/assets/', { name: 'Lab', roots: 'lab.test' })).json().data;
    const own = asWorker(server, (await createWorker(server, owner.auth, { name: 'own' })).api_key);
    const first = (await own.claim()).json().data.task;
    expect(first.kind).toBe('discovery');

    // Two hosts fit (2 of 3 used); the next batch's root takes the last place although the worker
    // reported it last; c, d and e are over the limit.
    expect(
      (await own.results(first.id, 0, [assetResult('a.lab.test', 80), assetResult('b.lab.test', 80)]))
        .statusCode,
    ).toBe(200);
    const second = [
      assetResult('c.lab.test', 80),
      assetResult('d.lab.test', 443),
      assetResult('e.lab.test', 80),
      assetResult('lab.test', 80, { is_root: true }),
    ];
    expect((await own.results(first.id, 1, second)).statusCode).toBe(200);
    expect(await hostsOf(group.id)).toEqual(['a.lab.test', 'b.lab.test', 'lab.test']);
    expect((await own.complete(first.id, {})).statusCode).toBe(200);

    const [history] = await server.db
      .select()
      .from(enumerationHistories)
      .where(eq(enumerationHistories.group_id, group.id));
    expect(history).toMatchObject({
      status: 'finished',
      new_assets: 3,
      over_limit: 3,
      asset_limit: 3,
      over_limit_hosts: ['c.lab.test:80', 'd.lab.test:443', 'e.lab.test:80'],
    });
    const enumeration = (await call('GET', `panel/enumerations/${group.id}/`)).json().data;
    expect(enumeration.history[0]).toMatchObject({
      over_limit: 3,
      asset_limit: 3,
      over_limit_hosts: ['c.lab.test:80', 'd.lab.test:443', 'e.lab.test:80'],
    });
    const status = (await call('GET', `panel/enumeration-status/${group.id}`)).json().data;
    expect(status).toMatchObject({ status: 'finished', asset_count: 3, over_limit: 3, asset_limit: 3 });

    const bell = (await call('GET', 'panel/notifications/'))
      .json()
      .data.results.map((n: { text: string }) => n.text);
    expect(bell).toContain(
      'Discovery of Lab: 3 new host(s) were not stored because your plan allows at most 3 assets. Upgrade your plan at /settings/billing.',
    );
    const fa = (await call('GET', 'panel/notifications/', undefined, owner.auth)).json().data.results;
    expect(fa.map((n: { text: string }) => n.text)).toContain(
      'کشف دارایی‌های \u2068Lab\u2069: ۳ میزبان جدید ذخیره نشد، چون طرح شما حداکثر ۳ دارایی را مجاز می‌داند. طرح خود را در /settings/billing ارتقا دهید.',
    );

    // At the limit, re-discovering a group that holds assets is allowed (it refreshes them); the
    // built-in worker takes it and the same rule holds: held hosts refreshed, a new one listed.
    const again = await call('POST', 'panel/asset-rediscovery/', { asset_group_id: group.id });
    expect(again.statusCode).toBe(201);
    const builtin = asWorker(
      server,
      (await ensureBuiltinWorker(server.db, 'b'.repeat(40), 'builtin-cap')).key,
    );
    const task = (await builtin.claim()).json().data.task;
    expect(task.payload.history_id).toBe(again.json().data.history_id);
    const batch = [
      assetResult('a.lab.test', 80, { http: { ...assetResult('a', 80).http, title: 'Renamed' } }),
      assetResult('f.lab.test', 80),
      assetResult('lab.test', 80, { is_root: true }),
      assetResult('b.lab.test', 80),
    ];
    expect((await builtin.results(task.id, 0, batch)).statusCode).toBe(200);
    // The same hosts again in a second batch are not counted twice.
    expect((await builtin.results(task.id, 1, [assetResult('f.lab.test', 80)])).statusCode).toBe(200);
    expect((await builtin.complete(task.id, {})).statusCode).toBe(200);
    expect(await hostsOf(group.id)).toEqual(['a.lab.test', 'b.lab.test', 'lab.test']);
    const [renamed] = await server.db
      .select({ title: assets.title })
      .from(assets)
      .where(and(eq(assets.group_id, group.id), eq(assets.host, 'a.lab.test')));
    expect(renamed?.title).toBe('Renamed');
    const latest = (await call('GET', `panel/enumeration-status/${group.id}`)).json().data;
    expect(latest).toMatchObject({
      history_id: task.payload.history_id,
      over_limit: 1,
      asset_limit: 3,
      asset_count: 3,
    });

    // A new group still cannot be made at the limit.
    const more = await call('POST', 'panel/assets/', { name: 'More', roots: 'more.test' });
    expect(more.statusCode).toBe(403);
    expect(more.json().code).toBe('plan_limit');
  });
});
