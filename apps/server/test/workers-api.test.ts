import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker } from './helpers/workers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  headers: Headers,
  payload?: object,
) => server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(field: string, fileName: string, type: string, data: Buffer) {
  const boundary = '----didban-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const uploadPhoto = (groupId: string, headers: Headers, name: string, type: string, data: Buffer) => {
  const { body, contentType } = multipart('photo', name, type, data);
  return server.app.inject({
    method: 'PUT',
    url: `/api/v1/panel/worker-groups/${groupId}/photo/`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
};

describe('worker groups', () => {
  it('creates, lists, renames and deletes groups; workers of a deleted group stay, ungrouped', async () => {
    const alice = await registerUser(server);
    const created = await call('POST', 'panel/worker-groups/', alice.auth, { name: 'Europe' });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({ name: 'Europe', photo_url: null, worker_count: 0 });
    const { worker } = await createWorker(server, alice.auth, { name: 'fra-1', group_id: group.id });
    const list = (await call('GET', 'panel/worker-groups/', alice.auth)).json().data;
    expect(list).toMatchObject({ result_count: 1, current_page: 1, total_pages: 1 });
    expect(list.results[0]).toMatchObject({ id: group.id, worker_count: 1 });
    const renamed = await call('PATCH', `panel/worker-groups/${group.id}/`, alice.auth, { name: 'EU' });
    expect(renamed.json().data).toMatchObject({ name: 'EU' });
    expect((await call('DELETE', `panel/worker-groups/${group.id}/`, alice.auth)).json().data).toEqual({
      deleted: true,
    });
    expect((await call('GET', `panel/worker-groups/${group.id}/`, alice.auth)).statusCode).toBe(404);
    const after = (await call('GET', `panel/workers/${worker.id}/`, alice.auth)).json().data;
    expect(after.group_id).toBeNull();
  });

  it('takes a PNG or JPG photo up to 2 MB, judged by content, and serves it back', async () => {
    const alice = await registerUser(server);
    const group = (await call('POST', 'panel/worker-groups/', alice.auth, { name: 'Photo' })).json().data;
    const png = await uploadPhoto(group.id, alice.auth, 'team.png', 'image/png', PNG);
    expect(png.statusCode).toBe(200);
    expect(png.json().data.photo_url).toBe(`/api/v1/panel/worker-groups/${group.id}/photo/`);
    const served = await call('GET', `panel/worker-groups/${group.id}/photo/`, alice.auth);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A JPEG named .png is a JPEG: the stored type follows the bytes.
    expect((await uploadPhoto(group.id, alice.auth, 'x.png', 'image/png', JPG)).statusCode).toBe(200);
    expect(
      (await call('GET', `panel/worker-groups/${group.id}/photo/`, alice.auth)).headers['content-type'],
    ).toBe('image/jpeg');

    const en = { ...alice.auth, 'accept-language': 'en' };
    const text = await uploadPhoto(
      group.id,
      en,
      'evil.png',
      'image/png',
      Buffer.from('<svg onload=alert(1)>'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 'photo_type',
      message: 'The photo must be a PNG or JPG image.',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadPhoto(group.id, alice.auth, 'big.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('حجم عکس باید حداکثر ۲ مگابایت باشد.');
    // The refused uploads left the last good photo in place.
    expect(
      (await call('GET', `panel/worker-groups/${group.id}/photo/`, alice.auth)).headers['content-type'],
    ).toBe('image/jpeg');

    const removed = await call('DELETE', `panel/worker-groups/${group.id}/photo/`, alice.auth);
    expect(removed.json().data.photo_url).toBeNull();
    expect((await call('GET', `panel/worker-groups/${group.id}/photo/`, alice.auth)).statusCode).toBe(404);
  });
});

describe('workers', () => {
  it('shows the API key once, stores only its hash, and lists workers offline until they call', async () => {
    const alice = await registerUser(server);
    const { worker, api_key } = await createWorker(server, alice.auth, { name: 'edge' });
    expect(api_key).toMatch(/^dwk_[\w-]{43}$/);
    expect(worker).toMatchObject({ name: 'edge', status: 'offline', key_prefix: api_key.slice(0, 10) });
    const detail = await call('GET', `panel/workers/${worker.id}/`, alice.auth);
    expect(detail.body).not.toContain(api_key);
    const { workers } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.db.select().from(workers).where(eq(workers.id, worker.id));
    expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(api_key);

    await asWorker(server, api_key).hello({ country: 'IR' });
    const list = (await call('GET', 'panel/workers/', alice.auth)).json().data;
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({ status: 'online', country: 'IR' });
    const renamed = await call('PATCH', `panel/workers/${worker.id}/`, alice.auth, { name: 'edge-2' });
    expect(renamed.json().data.name).toBe('edge-2');
    expect((await call('DELETE', `panel/workers/${worker.id}/`, alice.auth)).json().data).toEqual({
      deleted: true,
    });
    expect((await asWorker(server, api_key).hello()).statusCode).toBe(401);
  });

  it("refuses a worker group of another workspace in a worker's body", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const bobGroup = (await call('POST', 'panel/worker-groups/', bob.auth, { name: 'B' })).json().data;
    const response = await call(
      'POST',
      'panel/workers/',
      { ...alice.auth, 'accept-language': 'en' },
      {
        name: 'x',
        group_id: bobGroup.id,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ group_id: ['This worker group does not exist.'] });
  });
});

describe('moving an existing worker (issue 34, item 15)', () => {
  it('puts a worker into a group, moves it and takes it out; only admins and owners may', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const admin = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Move', [
      [member.user.id, 'user'],
      [admin.user.id, 'admin'],
    ]);
    const as = (who: { auth: Headers }) => ({
      ...who.auth,
      'x-workspace-id': team.id,
      'accept-language': 'en',
    });
    const lab = (await call('POST', 'panel/worker-groups/', as(owner), { name: 'Lab' })).json().data;
    const edge = (await call('POST', 'panel/worker-groups/', as(owner), { name: 'Edge' })).json().data;
    const { worker } = (await call('POST', 'panel/workers/', as(owner), { name: 'old' })).json().data;
    expect(worker.group_id).toBeNull();
    const inLab = (groupId: string) =>
      call('GET', `panel/workers/?group_id=${groupId}`, as(member)).then((r) =>
        r.json().data.results.map((w: { id: string }) => w.id),
      );

    const byMember = await call('PATCH', `panel/workers/${worker.id}/`, as(member), { group_id: lab.id });
    expect(byMember.statusCode).toBe(403);
    expect(await inLab(lab.id)).toEqual([]);

    const moved = await call('PATCH', `panel/workers/${worker.id}/`, as(admin), { group_id: lab.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ id: worker.id, name: 'old', group_id: lab.id });
    expect(await inLab(lab.id)).toEqual([worker.id]);
    expect((await call('GET', `panel/worker-groups/${lab.id}/`, as(member))).json().data.worker_count).toBe(
      1,
    );

    await call('PATCH', `panel/workers/${worker.id}/`, as(owner), { group_id: edge.id });
    expect(await inLab(lab.id)).toEqual([]);
    expect(await inLab(edge.id)).toEqual([worker.id]);

    const foreign = (await call('POST', 'panel/worker-groups/', member.auth, { name: 'Mine' })).json().data;
    const refused = await call('PATCH', `panel/workers/${worker.id}/`, as(owner), { group_id: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ group_id: ['This worker group does not exist.'] });

    const out = await call('PATCH', `panel/workers/${worker.id}/`, as(owner), { group_id: null });
    expect(out.json().data.group_id).toBeNull();
    expect(await inLab(edge.id)).toEqual([]);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another workspace's ids on every endpoint", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const group = (await call('POST', 'panel/worker-groups/', alice.auth, { name: 'A' })).json().data;
    await uploadPhoto(group.id, alice.auth, 'a.png', 'image/png', PNG);
    const { worker } = await createWorker(server, alice.auth, { name: 'a' });
    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['group detail', 'GET', `panel/worker-groups/${group.id}/`],
      ['group rename', 'PATCH', `panel/worker-groups/${group.id}/`, { name: 'mine' }],
      ['group photo', 'GET', `panel/worker-groups/${group.id}/photo/`],
      ['group photo delete', 'DELETE', `panel/worker-groups/${group.id}/photo/`],
      ['group delete', 'DELETE', `panel/worker-groups/${group.id}/`],
      ['worker detail', 'GET', `panel/workers/${worker.id}/`],
      ['worker rename', 'PATCH', `panel/workers/${worker.id}/`, { name: 'mine' }],
      ['worker revoke', 'POST', `panel/workers/${worker.id}/revoke/`, {}],
      ['worker delete', 'DELETE', `panel/workers/${worker.id}/`],
    ];
    for (const [what, method, url, body] of attempts) {
      expect((await call(method, url, bob.auth, body)).statusCode, what).toBe(404);
    }
    expect((await uploadPhoto(group.id, bob.auth, 'b.png', 'image/png', PNG)).statusCode).toBe(404);
    // Nothing changed for Alice.
    expect((await call('GET', `panel/worker-groups/${group.id}/`, alice.auth)).json().data.name).toBe('A');
    expect((await call('GET', `panel/workers/${worker.id}/`, alice.auth)).json().data.status).toBe('offline');
    expect((await call('GET', 'panel/workers/', bob.auth)).json().data.result_count).toBe(0);
  });

  it('answers 403 for a workspace header naming a team the caller is not in', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Ops');
    const headers = { ...stranger.auth, 'x-workspace-id': team.id };
    for (const [method, url] of [
      ['GET', 'panel/worker-groups/'],
      ['POST', 'panel/worker-groups/'],
      ['GET', 'panel/workers/'],
      ['POST', 'panel/workers/'],
    ] as const) {
      const response = await call(method, url, headers, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets a team member read but only admins and owners write', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const admin = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Blue', [
      [member.user.id, 'user'],
      [admin.user.id, 'admin'],
    ]);
    const as = (who: { auth: Headers }) => ({ ...who.auth, 'x-workspace-id': team.id });
    const group = await call('POST', 'panel/worker-groups/', as(admin), { name: 'Team group' });
    expect(group.statusCode).toBe(201);
    expect((await call('GET', 'panel/worker-groups/', as(member))).json().data.result_count).toBe(1);
    expect((await call('POST', 'panel/worker-groups/', as(member), { name: 'no' })).statusCode).toBe(403);
    expect((await call('POST', 'panel/workers/', as(member), { name: 'no' })).statusCode).toBe(403);
    const created = await call('POST', 'panel/workers/', as(owner), { name: 'team-worker' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.worker.id;
    expect((await call('GET', `panel/workers/${id}/`, as(member))).statusCode).toBe(200);
    expect((await call('POST', `panel/workers/${id}/revoke/`, as(member), {})).statusCode).toBe(403);
    // The team's worker is not in anyone's personal workspace.
    expect((await call('GET', `panel/workers/${id}/`, owner.auth)).statusCode).toBe(404);
  });
});
