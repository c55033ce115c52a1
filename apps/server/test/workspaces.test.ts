import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../src/db/schema.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const current = (headers: Record<string, string>) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/panel/workspace/',
    headers: { 'accept-language': 'en', ...headers },
  });

describe('X-Workspace-ID', () => {
  it('without the header resolves to the personal workspace', async () => {
    const alice = await registerUser(server);
    const response = await current(alice.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      kind: 'personal',
      role: 'owner',
      name: alice.user.username,
    });
  });

  it('a team the caller belongs to resolves to that team with the caller role', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Blue team', [[member.user.id, 'user']]);
    const asMember = await current({ ...member.auth, 'x-workspace-id': team.id });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().data).toEqual({ id: team.id, kind: 'team', name: 'Blue team', role: 'user' });
    const asOwner = await current({ ...owner.auth, 'x-workspace-id': team.id.toUpperCase() });
    expect(asOwner.json().data.role).toBe('owner');
  });

  it('a team the caller does not belong to answers 403, in fa and en', async () => {
    const owner = await registerUser(server);
    const outsider = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Red team');
    const response = await current({ ...outsider.auth, 'x-workspace-id': team.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'You are not a member of this workspace.',
      code: 'workspace_forbidden',
    });
    const fa = await current({ ...outsider.auth, 'x-workspace-id': team.id, 'accept-language': 'fa' });
    expect(fa.json().message).toBe('شما عضو این فضای کاری نیستید.');
  });

  it("another user's personal workspace, an unknown id, a malformed id and a deleted team all answer 403", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const bobPersonal = (
      await server.app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: bob.auth })
    ).json().data.personal_workspace_id;
    const team = await createTeam(server, alice.user.id, 'Soon gone');
    await server.db.delete(workspaces).where(eq(workspaces.id, team.id));
    for (const id of [bobPersonal, '00000000-0000-4000-8000-000000000000', team.id]) {
      const response = await current({ ...alice.auth, 'x-workspace-id': id });
      expect(response.statusCode, id).toBe(403);
      expect(response.json().code).toBe('workspace_forbidden');
    }
    const malformed = await current({ ...alice.auth, 'x-workspace-id': "1' or '1'='1" });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json().message).toBe('The X-Workspace-ID header is not a valid workspace id.');
  });

  it('checks the token before the workspace: a guest gets 401, not 403', async () => {
    const response = await current({ 'x-workspace-id': '00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET panel/teams/', () => {
  it("lists only the caller's teams, paged as spec §3", async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    for (let i = 1; i <= 12; i += 1) await createTeam(server, owner.user.id, `Team ${i}`);
    await createTeam(server, other.user.id, 'Not mine');
    const page1 = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/teams/?page=1',
      headers: owner.auth,
    });
    expect(page1.statusCode).toBe(200);
    const data = page1.json().data;
    expect(data).toMatchObject({
      current_page: 1,
      total_pages: 2,
      result_count: 12,
      next_page: 2,
      previous_page: null,
    });
    expect(data.results).toHaveLength(10);
    expect(data.results[0]).toMatchObject({ role: 'owner', members_count: 1 });
    const page2 = (
      await server.app.inject({ method: 'GET', url: '/api/v1/panel/teams/?page=2', headers: owner.auth })
    ).json().data;
    expect(page2).toMatchObject({ current_page: 2, next_page: null, previous_page: 1 });
    expect(page2.results).toHaveLength(2);
    const names = [...data.results, ...page2.results].map((t: { name: string }) => t.name);
    expect(names).not.toContain('Not mine');
    expect(new Set(names).size).toBe(12);
  });

  it('rejects a bad page number', async () => {
    const owner = await registerUser(server);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/teams/?page=zero',
      headers: { ...owner.auth, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('page');
  });
});
