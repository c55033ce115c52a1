import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startServer } from '../src/server.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, markEmailVerified, testDbKind } from './helpers/test-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'didban-teams-client-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startServer>>;
let baseUrl = '';

beforeAll(async () => {
  pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    // Only the API is under test here; the built-in worker (if any) stays off.
    DIDBAN_BUILTIN_WORKER: '0',
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  server = await startServer(config, { pgliteSeed: await migratedPgliteSeed() });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await server?.stop();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-in core client for a new user. */
async function signUp(username: string, lang: 'en' | 'fa' = 'en') {
  let token = '';
  let workspace: string | null = null;
  const api = createApiClient({
    baseUrl,
    getToken: () => token,
    getLanguage: () => lang,
    getWorkspace: () => workspace,
  });
  const session = await api.auth.register({
    username,
    email: `${username}@example.com`,
    password: 'secret-pass',
    confirm_password: 'secret-pass',
  });
  token = session.access;
  return { api, user: session.user, use: (id: string | null) => (workspace = id) };
}

describe('team calls of the core client against a real server', () => {
  it('create, invite, accept, switch workspace, roles, requests, activity, hand over, leave, delete', async () => {
    const owner = await signUp('client_owner');
    const sara = await signUp('client_sara', 'fa');
    const reza = await signUp('client_reza');
    // Invitations by email reach verified addresses only (reza is invited by email below).
    await markEmailVerified(server, reza.user.id);

    const team = await owner.api.teams.create({ name: 'Client team' });
    expect(team).toMatchObject({ name: 'Client team', role: 'owner', members_count: 1 });

    const invitation = await owner.api.teams.invite(team.id, {
      email_or_username: 'client_sara',
      role: 'admin',
    });
    expect(invitation.status).toBe('pending');
    expect((await sara.api.invitations.mine()).results.map((i) => i.id)).toEqual([invitation.id]);
    expect((await owner.api.teams.invitations(team.id)).result_count).toBe(1);
    expect((await sara.api.invitations.accept(invitation.id)).status).toBe('accepted');

    // Sara switches to the team: the workspace call now answers for it.
    sara.use(team.id);
    const current = await sara.api.http.get('panel/workspace/');
    expect(current).toEqual({ data: { id: team.id, kind: 'team', name: 'Client team', role: 'admin' } });
    expect((await sara.api.teams.list()).results.map((t) => t.id)).toEqual([team.id]);

    const request = await reza.api.teams.requestToJoin(team.id);
    expect((await sara.api.teams.requests(team.id)).results.map((r) => r.id)).toEqual([request.id]);
    expect((await sara.api.teams.acceptRequest(team.id, request.id)).status).toBe('accepted');

    const members = await owner.api.teams.members(team.id);
    expect(members.results.map((m) => [m.username, m.role])).toEqual([
      ['client_owner', 'owner'],
      ['client_sara', 'admin'],
      ['client_reza', 'user'],
    ]);
    expect((await sara.api.teams.changeRole(team.id, reza.user.id, { role: 'admin' })).role).toBe('admin');
    await owner.api.teams.rename(team.id, { name: 'Client team 2' });

    // Errors come back normalised, worded in the caller's language.
    const refused = await sara.api.teams.removeMember(team.id, owner.user.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, message: 'مالک تیم را نمی‌توان از تیم حذف کرد.' });

    const activity = await owner.api.teams.activity(team.id);
    expect(activity.results[0]?.text).toBe(
      'client_owner renamed the team from Client team to Client team 2.',
    );

    const handed = await owner.api.teams.transferOwnership(team.id, { user_id: sara.user.id });
    expect(handed).toMatchObject({ owner_id: sara.user.id, role: 'admin' });
    await owner.api.teams.leave(team.id);
    expect((await sara.api.teams.removeMember(team.id, reza.user.id)).ok).toBe(true);
    expect((await sara.api.teams.get(team.id)).members.map((m) => m.username)).toEqual(['client_sara']);

    // A second invitation is declined; then the team is deleted by its new owner.
    const second = await sara.api.teams.invite(team.id, { email_or_username: 'client_reza@example.com' });
    expect((await reza.api.invitations.decline(second.id)).status).toBe('declined');
    const third = await sara.api.teams.invite(team.id, { email_or_username: 'client_reza' });
    expect((await sara.api.teams.cancelInvitation(team.id, third.id)).status).toBe('cancelled');
    expect((await sara.api.teams.remove(team.id)).ok).toBe(true);

    // The deleted team in X-Workspace-ID: 403, worded for the Persian reader.
    const gone = await sara.api.http.get('panel/workspace/').catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 403, message: 'شما عضو این فضای کاری نیستید.' });
    sara.use(null);
    expect((await sara.api.teams.list()).result_count).toBe(0);
  });
});
