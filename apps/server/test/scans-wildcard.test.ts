import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanChunks, scans } from '../src/db/schema.js';
import { groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// A wildcard DNS record (*.zone) is an asset discovery keeps for a whole zone; it is never a
// scan target. Scanning only wildcards says so (not "no hosts yet"); a bulk scan that includes
// them answers how many it left out.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const GIT = 'public:git-config-exposure';
const bulk = (auth: Record<string, string>, lang: 'en' | 'fa', assets: string[]) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/scans/bulk-create/',
    headers: { ...auth, 'accept-language': lang },
    payload: { name: 'Wildcards', assets, template_ids: [GIT] },
  });

async function workspaceWith(hosts: string[]) {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { group, assets } = await groupWithAssets(server, workspaceId, hosts);
  const id = (host: string) => assets.find((a) => a.host === host)!.id;
  return { owner, workspaceId, group, id };
}

describe('scans: wildcard DNS records are never scan targets', () => {
  it('scanning only a wildcard record says why, in en and fa, and stores no scan', async () => {
    const { owner, workspaceId, id } = await workspaceWith(['*.apps.lab.didban.test']);
    const answer = await bulk(owner.auth, 'en', [id('*.apps.lab.didban.test')]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'only_wildcards',
      message:
        'There is nothing to scan: the selected assets are wildcard DNS records (*.example.com). A wildcard answers for every name under it, so it is not one host to scan; scan the hosts discovered under it instead.',
    });
    const inFa = await bulk(owner.auth, 'fa', [id('*.apps.lab.didban.test')]);
    expect(inFa.statusCode).toBe(400);
    expect(inFa.json().message).toMatch(/^چیزی برای اسکن وجود ندارد: دارایی‌های انتخاب‌شده رکوردهای DNS عام/);
    expect(inFa.json().message).not.toContain('هنوز میزبانی ندارند');
    expect(await server.db.select().from(scans).where(eq(scans.workspace_id, workspaceId))).toEqual([]);
  });

  it('a bulk scan with a wildcard among hosts scans the hosts and answers how many it skipped', async () => {
    const { owner, id } = await workspaceWith(['*.apps.lab.didban.test', 'www.lab.didban.test']);
    const answer = await bulk(owner.auth, 'en', [id('*.apps.lab.didban.test'), id('www.lab.didban.test')]);
    expect(answer.statusCode).toBe(201);
    const data = answer.json().data;
    expect(data).toMatchObject({ scan_id: expect.any(String), skipped_wildcards: 1 });
    const chunks = await server.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, data.scan_history_id));
    expect(chunks.flatMap((c) => c.targets)).toEqual(['http://www.lab.didban.test:80']);
  });

  it('a bulk scan without wildcards answers none skipped', async () => {
    const { owner, id } = await workspaceWith(['api.lab.didban.test']);
    const answer = await bulk(owner.auth, 'en', [id('api.lab.didban.test')]);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.skipped_wildcards).toBe(0);
  });

  it('a group scan and its Run now answer how many wildcard records they left out', async () => {
    const { owner, group } = await workspaceWith(['*.apps.lab.didban.test', 'www.lab.didban.test']);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/scans/',
      headers: owner.auth,
      payload: { name: 'Group with a wildcard', asset_group: [group.id], template_ids: [GIT] },
    });
    expect(created.statusCode).toBe(201);
    const scan = created.json().data;
    expect(scan).toMatchObject({ scan_history_id: expect.any(String), skipped_wildcards: 1 });
    const chunks = await server.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, scan.scan_history_id));
    expect(chunks.flatMap((c) => c.targets)).toEqual(['http://www.lab.didban.test:80']);

    // A scan saved without a run, then run from its page: the same count comes back.
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/scans/',
      headers: owner.auth,
      payload: { name: 'Later', asset_group: [group.id], template_ids: [GIT], run_now: false },
    });
    expect(saved.json().data).toMatchObject({ scan_history_id: null, skipped_wildcards: 0 });
    const run = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/scans/${saved.json().data.id}/run/`,
      headers: owner.auth,
    });
    expect(run.statusCode).toBe(201);
    expect(run.json().data).toMatchObject({ id: expect.any(String), skipped_wildcards: 1 });
  });
});
