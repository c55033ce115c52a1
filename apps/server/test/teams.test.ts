import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  teamActivity,
  workerGroups,
  workers,
  workspaceMembers,
  workspaces,
} from '../src/db/schema.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, markEmailVerified, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // Team rules are tested here, not plan limits: a roomy free plan keeps them apart (the limits
  // have their own tests below and in billing.test.ts).
  server = await createTestServer({ DIDBAN_FREE_TEAMS: '50', DIDBAN_FREE_TEAM_MEMBERS: '50' });
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof registerUser>>;

/** One API call as `who` (or a guest), in English unless told otherwise. */
function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: Session,
  payload?: unknown,
  lang: 'en' | 'fa' = 'en',
) {
  return server.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'accept-language': lang, ...(who?.auth ?? {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const roleOf = async (teamId: string, userId: string) =>
  (
    await server.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspace_id, teamId), eq(workspaceMembers.user_id, userId)))
  )[0]?.role;

/** A team with an owner, an admin and a user, all registered through the API. */
async function teamOfThree(name = 'Blue team') {
  const owner = await registerUser(server);
  const admin = await registerUser(server);
  const user = await registerUser(server);
  const team = await createTeam(server, owner.user.id, name, [
    [admin.user.id, 'admin'],
    [user.user.id, 'user'],
  ]);
  return { owner, admin, user, team };
}

describe('POST panel/teams/ (create)', () => {
  it('creates a team whose creator is the owner and its only member', async () => {
    const alice = await registerUser(server);
    const response = await call('POST', 'panel/teams/', alice, { name: '  Red team  ' });
    expect(response.statusCode).toBe(201);
    const team = response.json().data;
    expect(team).toMatchObject({
      name: 'Red team',
      role: 'owner',
      members_count: 1,
      owner_id: alice.user.id,
    });
    expect(team.members).toEqual([
      {
        user_id: alice.user.id,
        username: alice.user.username,
        email: alice.user.email,
        profile_image: null,
        role: 'owner',
        joined: expect.any(String),
      },
    ]);
    const stored = await server.db.query.workspaces.findFirst({ where: eq(workspaces.id, team.id) });
    expect(stored).toMatchObject({ kind: 'team', name: 'Red team', owner_id: alice.user.id });
    // The new team is listed for the workspace switcher and usable as X-Workspace-ID.
    const list = (await call('GET', 'panel/teams/', alice)).json().data.results;
    expect(list.map((t: { id: string }) => t.id)).toContain(team.id);
    const current = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/workspace/',
      headers: { ...alice.auth, 'x-workspace-id': team.id },
    });
    expect(current.json().data).toEqual({ id: team.id, kind: 'team', name: 'Red team', role: 'owner' });
  });

  it.each([
    [{}, 'Team name is required', 'نام تیم الزامی است'],
    [{ name: '   ' }, 'Team name is required', 'نام تیم الزامی است'],
    [{ name: 'a' }, 'Team name must be at least 2 characters', 'نام تیم باید دست‌کم ۲ نویسه باشد'],
    [
      { name: 'x'.repeat(101) },
      'Team name must be at most 100 characters',
      'نام تیم نباید بیش از ۱۰۰ نویسه باشد',
    ],
  ])('refuses %j with the spec §5 message in en and fa, and stores nothing', async (body, en, fa) => {
    const alice = await registerUser(server);
    const response = await call('POST', 'panel/teams/', alice, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Some fields are not valid.',
      code: 'validation',
      errors: { name: [en] },
    });
    const persian = await call('POST', 'panel/teams/', alice, body, 'fa');
    expect(persian.json().errors).toEqual({ name: [fa] });
    expect((await call('GET', 'panel/teams/', alice)).json().data.result_count).toBe(0);
  });

  it('accepts exactly 2 characters', async () => {
    const alice = await registerUser(server);
    expect((await call('POST', 'panel/teams/', alice, { name: 'ab' })).statusCode).toBe(201);
  });

  it('needs a signed-in caller', async () => {
    const response = await call('POST', 'panel/teams/', undefined, { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET/PATCH/DELETE panel/teams/{id}/', () => {
  it('shows the team with members owner first, with role and joined date, to every member', async () => {
    const { owner, admin, user, team } = await teamOfThree();
    for (const [who, role] of [
      [owner, 'owner'],
      [admin, 'admin'],
      [user, 'user'],
    ] as const) {
      const response = await call('GET', `panel/teams/${team.id}/`, who);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.role).toBe(role);
      expect(data.members_count).toBe(3);
      expect(data.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
        [owner.user.id, 'owner'],
        [admin.user.id, 'admin'],
        [user.user.id, 'user'],
      ]);
      expect(Number.isNaN(Date.parse(data.members[0].joined))).toBe(false);
    }
  });

  it('answers 404 to a non-member, for an unknown id, a personal workspace and a malformed id', async () => {
    const { team } = await teamOfThree();
    const outsider = await registerUser(server);
    const personal = (await call('GET', 'panel/profile/', outsider)).json().data.personal_workspace_id;
    for (const id of [team.id, '00000000-0000-4000-8000-000000000000', personal, 'not-a-uuid']) {
      const response = await call('GET', `panel/teams/${id}/`, outsider);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    const fa = await call('GET', `panel/teams/${team.id}/`, outsider, undefined, 'fa');
    expect(fa.json().message).toBe('پیدا نشد.');
  });

  it('lets admins and the owner rename, not users; the name rules apply', async () => {
    const { owner, admin, user, team } = await teamOfThree('Old name');
    const denied = await call('PATCH', `panel/teams/${team.id}/`, user, { name: 'By user' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'You do not have permission to do this.', code: 'forbidden' });
    const short = await call('PATCH', `panel/teams/${team.id}/`, admin, { name: 'x' }, 'fa');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ name: ['نام تیم باید دست‌کم ۲ نویسه باشد'] });
    const renamed = await call('PATCH', `panel/teams/${team.id}/`, admin, { name: 'New name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'New name', role: 'admin' });
    expect((await call('GET', `panel/teams/${team.id}/`, owner)).json().data.name).toBe('New name');
  });

  it('lets only the owner delete; afterwards the id is a 403 in X-Workspace-ID and a 404 in paths', async () => {
    const { owner, admin, user, team } = await teamOfThree();
    for (const who of [admin, user]) {
      expect((await call('DELETE', `panel/teams/${team.id}/`, who)).statusCode).toBe(403);
    }
    const deleted = await call('DELETE', `panel/teams/${team.id}/`, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { ok: true } });
    expect(await server.db.query.workspaces.findFirst({ where: eq(workspaces.id, team.id) })).toBeUndefined();
    expect(await roleOf(team.id, user.user.id)).toBeUndefined();
    const bell = (await call('GET', 'panel/notifications/', user, undefined, 'fa')).json().data.results;
    expect(bell[0].text).toBe(`\u2068${owner.user.username}\u2069 تیم \u2068Blue team\u2069 را حذف کرد.`);
    expect((await call('GET', 'panel/notifications/', owner)).json().data.results).toEqual([]);
    for (const who of [owner, user]) {
      const header = await server.app.inject({
        method: 'GET',
        url: '/api/v1/panel/workspace/',
        headers: { ...who.auth, 'accept-language': 'en', 'x-workspace-id': team.id },
      });
      expect(header.statusCode).toBe(403);
      expect(header.json()).toEqual({
        message: 'You are not a member of this workspace.',
        code: 'workspace_forbidden',
      });
      expect((await call('GET', `panel/teams/${team.id}/`, who)).statusCode).toBe(404);
      expect((await call('GET', 'panel/teams/', who)).json().data.result_count).toBe(0);
    }
  });
});

describe('deleting a team with data', () => {
  it('takes its workspace data with it and leaves other workspaces untouched', async () => {
    const { owner, team } = await teamOfThree();
    const other = await teamOfThree();
    const inTeam = (teamId: string) => ({ ...owner.auth, 'x-workspace-id': teamId });
    const group = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/worker-groups/',
      headers: inTeam(team.id),
      payload: { name: 'Doomed group' },
    });
    expect(group.statusCode).toBe(201);
    const worker = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/workers/',
      headers: inTeam(team.id),
      payload: { name: 'Doomed worker', group_id: group.json().data.id },
    });
    expect(worker.statusCode).toBe(201);
    const kept = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/worker-groups/',
      headers: { ...other.owner.auth, 'x-workspace-id': other.team.id },
      payload: { name: 'Kept group' },
    });
    expect((await call('DELETE', `panel/teams/${team.id}/`, owner)).statusCode).toBe(200);
    expect(await server.db.select().from(workerGroups).where(eq(workerGroups.workspace_id, team.id))).toEqual(
      [],
    );
    expect(await server.db.select().from(workers).where(eq(workers.workspace_id, team.id))).toEqual([]);
    const survivors = await server.db
      .select()
      .from(workerGroups)
      .where(eq(workerGroups.workspace_id, other.team.id));
    expect(survivors.map((g) => g.id)).toEqual([kept.json().data.id]);
  });
});

describe('members: role changes and removal', () => {
  it('lists members paged', async () => {
    const { user, team } = await teamOfThree();
    const response = await call('GET', `panel/teams/${team.id}/members/?page=2&page_size=2`, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ current_page: 2, total_pages: 2, result_count: 3 });
    expect(response.json().data.results).toHaveLength(1);
    expect(response.json().data.results[0].role).toBe('user');
  });

  it('lets an admin promote a user, and the new admin can then manage members', async () => {
    const { admin, user, team } = await teamOfThree();
    const extra = await registerUser(server);
    await server.db
      .insert(workspaceMembers)
      .values({ workspace_id: team.id, user_id: extra.user.id, role: 'user' });
    expect(
      (await call('PATCH', `panel/teams/${team.id}/members/${extra.user.id}/`, user, { role: 'user' }))
        .statusCode,
    ).toBe(403);
    const promoted = await call('PATCH', `panel/teams/${team.id}/members/${user.user.id}/`, admin, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ user_id: user.user.id, role: 'admin' });
    expect(await roleOf(team.id, user.user.id)).toBe('admin');
    // What the role allows changed with it.
    const removed = await call('DELETE', `panel/teams/${team.id}/members/${extra.user.id}/`, user);
    expect(removed.statusCode).toBe(200);
    expect(await roleOf(team.id, extra.user.id)).toBeUndefined();
    // And the other way round: demoted, the former admin may no longer manage.
    await call('PATCH', `panel/teams/${team.id}/members/${user.user.id}/`, admin, { role: 'user' });
    expect((await call('GET', `panel/teams/${team.id}/invitations/`, user)).statusCode).toBe(403);
  });

  it.each([
    [
      'own role',
      'admin',
      'self',
      { role: 'user' },
      400,
      'own_role',
      'You cannot change your own role.',
      'نمی‌توانید نقش خودتان را تغییر دهید.',
    ],
    [
      "the owner's role",
      'admin',
      'owner',
      { role: 'user' },
      403,
      'owner_role_fixed',
      "The owner's role changes only when ownership is handed over.",
      'نقش مالک فقط با واگذاری مالکیت تغییر می‌کند.',
    ],
    [
      'making an owner',
      'owner',
      'user',
      { role: 'owner' },
      400,
      'owner_by_transfer',
      'To make a member the owner, hand over ownership.',
      'برای مالک کردن یک عضو، مالکیت تیم را به او واگذار کنید.',
    ],
  ] as const)('refuses changing %s', async (_case, actorRole, targetRole, body, status, code, en, fa) => {
    const world = await teamOfThree();
    const actor = world[actorRole];
    const target = targetRole === 'self' ? actor : world[targetRole];
    const url = `panel/teams/${world.team.id}/members/${target.user.id}/`;
    const response = await call('PATCH', url, actor, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: en, code });
    expect((await call('PATCH', url, actor, body, 'fa')).json().message).toBe(fa);
    expect(await roleOf(world.team.id, target.user.id)).toBe(targetRole === 'self' ? actorRole : targetRole);
  });

  it('refuses a role that does not exist', async () => {
    const { owner, user, team } = await teamOfThree();
    const response = await call('PATCH', `panel/teams/${team.id}/members/${user.user.id}/`, owner, {
      role: 'god',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ role: ['The role must be one of owner, admin or user.'] });
  });

  it('never removes the owner (the last owner), and removing oneself means leaving', async () => {
    const { owner, admin, team } = await teamOfThree();
    const response = await call('DELETE', `panel/teams/${team.id}/members/${owner.user.id}/`, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'The team owner cannot be removed.',
      code: 'owner_cannot_be_removed',
    });
    const fa = await call(
      'DELETE',
      `panel/teams/${team.id}/members/${owner.user.id}/`,
      admin,
      undefined,
      'fa',
    );
    expect(fa.json().message).toBe('مالک تیم را نمی‌توان از تیم حذف کرد.');
    const self = await call('DELETE', `panel/teams/${team.id}/members/${owner.user.id}/`, owner);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: 'You cannot remove yourself; leave the team instead.',
      code: 'remove_self',
    });
    expect(await roleOf(team.id, owner.user.id)).toBe('owner');
  });

  it('removes a member, who is told and loses access at once', async () => {
    const { owner, user, team } = await teamOfThree('Gone team');
    const response = await call('DELETE', `panel/teams/${team.id}/members/${user.user.id}/`, owner);
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `panel/teams/${team.id}/`, user)).statusCode).toBe(404);
    const bell = (await call('GET', 'panel/notifications/', user)).json().data.results;
    expect(bell[0].text).toBe('You were removed from the team Gone team.');
    // Someone who is not a member (any more) is a 404 as a target.
    expect((await call('DELETE', `panel/teams/${team.id}/members/${user.user.id}/`, owner)).statusCode).toBe(
      404,
    );
  });
});

describe('leaving and handing over ownership', () => {
  it('lets a user and an admin leave, not the owner', async () => {
    const { owner, admin, user, team } = await teamOfThree();
    for (const who of [user, admin]) {
      const response = await call('POST', `panel/teams/${team.id}/leave/`, who);
      expect(response.statusCode).toBe(200);
      expect(await roleOf(team.id, who.user.id)).toBeUndefined();
    }
    const ownerLeaves = await call('POST', `panel/teams/${team.id}/leave/`, owner);
    expect(ownerLeaves.statusCode).toBe(400);
    expect(ownerLeaves.json()).toEqual({
      message: 'The owner cannot leave the team. Hand over ownership to another member first.',
      code: 'owner_cannot_leave',
    });
    expect((await call('POST', `panel/teams/${team.id}/leave/`, owner, undefined, 'fa')).json().message).toBe(
      'مالک نمی‌تواند تیم را ترک کند. ابتدا مالکیت را به عضو دیگری واگذار کنید.',
    );
    expect(await roleOf(team.id, owner.user.id)).toBe('owner');
  });

  it('hands over ownership: the member becomes owner, the old owner an admin who may then leave', async () => {
    const { owner, admin, user, team } = await teamOfThree('Handed');
    expect(
      (await call('POST', `panel/teams/${team.id}/transfer-ownership/`, admin, { user_id: user.user.id }))
        .statusCode,
    ).toBe(403);
    const response = await call('POST', `panel/teams/${team.id}/transfer-ownership/`, owner, {
      user_id: user.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'admin', owner_id: user.user.id });
    expect(await roleOf(team.id, user.user.id)).toBe('owner');
    expect(await roleOf(team.id, owner.user.id)).toBe('admin');
    const stored = await server.db.query.workspaces.findFirst({ where: eq(workspaces.id, team.id) });
    expect(stored?.owner_id).toBe(user.user.id);
    const bell = (await call('GET', 'panel/notifications/', user)).json().data.results;
    expect(bell[0].text).toBe(`${owner.user.username} handed over ownership of Handed to you.`);
    // The new owner may delete; the old owner may now leave.
    expect((await call('POST', `panel/teams/${team.id}/leave/`, owner)).statusCode).toBe(200);
    expect((await call('DELETE', `panel/teams/${team.id}/`, user)).statusCode).toBe(200);
  });

  it('keeps exactly one owner when hand-overs and removals race', async () => {
    const owners = async (teamId: string) =>
      (
        await server.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspace_id, teamId))
      ).filter((m) => m.role === 'owner');
    const { owner, admin, user, team } = await teamOfThree();
    const twice = await Promise.all([
      call('POST', `panel/teams/${team.id}/transfer-ownership/`, owner, { user_id: admin.user.id }),
      call('POST', `panel/teams/${team.id}/transfer-ownership/`, owner, { user_id: user.user.id }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await owners(team.id)).toHaveLength(1);

    const second = await teamOfThree();
    const raced = await Promise.all([
      call('POST', `panel/teams/${second.team.id}/transfer-ownership/`, second.owner, {
        user_id: second.user.user.id,
      }),
      call('DELETE', `panel/teams/${second.team.id}/members/${second.user.user.id}/`, second.admin),
    ]);
    expect(raced.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [theOwner] = await owners(second.team.id);
    expect(await owners(second.team.id)).toHaveLength(1);
    const stored = await server.db.query.workspaces.findFirst({ where: eq(workspaces.id, second.team.id) });
    expect(stored?.owner_id).toBe(theOwner?.user_id);
  });

  it('refuses to hand over to oneself or to a non-member', async () => {
    const { owner, team } = await teamOfThree();
    const stranger = await registerUser(server);
    const self = await call('POST', `panel/teams/${team.id}/transfer-ownership/`, owner, {
      user_id: owner.user.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You already own this team.', code: 'transfer_self' });
    const outside = await call(
      'POST',
      `panel/teams/${team.id}/transfer-ownership/`,
      owner,
      { user_id: stranger.user.id },
      'fa',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({
      message: 'مالکیت را فقط می‌توان به یکی از اعضای تیم واگذار کرد.',
      code: 'transfer_not_member',
    });
    expect(await roleOf(team.id, owner.user.id)).toBe('owner');
  });
});

describe('invitations', () => {
  const invite = (teamId: string, who: Session, body: unknown, lang: 'en' | 'fa' = 'en') =>
    call('POST', `panel/teams/${teamId}/invitations/`, who, body, lang);

  it('invites by email or username; the invitee is notified, sees it, accepts and joins with the role', async () => {
    const { owner, admin, team } = await teamOfThree('Invite team');
    const sara = await registerUser(server);
    await markEmailVerified(server, sara.user.id);
    const sent = await invite(team.id, admin, {
      email_or_username: sara.user.email.toUpperCase(),
      role: 'admin',
    });
    expect(sent.statusCode).toBe(201);
    const invitation = sent.json().data;
    expect(invitation).toMatchObject({
      team: { id: team.id, name: 'Invite team' },
      invitee: { id: sara.user.id, username: sara.user.username },
      inviter: { id: admin.user.id, username: admin.user.username },
      role: 'admin',
      status: 'pending',
      responded: null,
    });
    const bell = (await call('GET', 'panel/notifications/', sara, undefined, 'fa')).json().data.results;
    expect(bell[0]).toMatchObject({
      text: `\u2068${admin.user.username}\u2069 شما را به پیوستن به تیم \u2068Invite team\u2069 دعوت کرد.`,
      link: '/settings/teams?tab=invitations',
    });
    const mine = (await call('GET', 'panel/invitations/', sara)).json().data;
    expect(mine.results.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
    const teamList = (await call('GET', `panel/teams/${team.id}/invitations/`, owner)).json().data;
    expect(teamList.results.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    // Nobody but the invitee may answer, not even the team's owner.
    expect((await call('POST', `panel/invitations/${invitation.id}/accept/`, owner)).statusCode).toBe(404);
    const accepted = await call('POST', `panel/invitations/${invitation.id}/accept/`, sara);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', responded: expect.any(String) });
    expect(await roleOf(team.id, sara.user.id)).toBe('admin');
    expect((await call('GET', 'panel/invitations/', sara)).json().data.result_count).toBe(0);
    const inviterBell = (await call('GET', 'panel/notifications/', admin)).json().data.results;
    expect(inviterBell[0].text).toBe(`${sara.user.username} accepted your invitation to Invite team.`);
    // Answering twice is refused; the state stays as it was.
    const again = await call('POST', `panel/invitations/${invitation.id}/decline/`, sara);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This invitation has already been answered.',
      code: 'invitation_answered',
    });
    expect(await roleOf(team.id, sara.user.id)).toBe('admin');
  });

  it('declining keeps the invitee out and tells the inviter', async () => {
    const { owner, team } = await teamOfThree('Decline team');
    const sara = await registerUser(server);
    const id = (await invite(team.id, owner, { email_or_username: sara.user.username })).json().data.id;
    const declined = await call('POST', `panel/invitations/${id}/decline/`, sara);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'declined', role: 'user' });
    expect(await roleOf(team.id, sara.user.id)).toBeUndefined();
    const bell = (await call('GET', 'panel/notifications/', owner)).json().data.results;
    expect(bell[0].text).toBe(`${sara.user.username} declined your invitation to Decline team.`);
    // After a decline a new invitation may be sent.
    expect((await invite(team.id, owner, { email_or_username: sara.user.username })).statusCode).toBe(201);
  });

  it.each([
    [
      {},
      400,
      'validation',
      { email_or_username: ['Email or username is required'] },
      { email_or_username: ['ایمیل یا نام کاربری الزامی است'] },
    ],
    [
      { email_or_username: '  ' },
      400,
      'validation',
      { email_or_username: ['Email or username is required'] },
      { email_or_username: ['ایمیل یا نام کاربری الزامی است'] },
    ],
    [
      { email_or_username: 'x', role: 'owner' },
      400,
      'validation',
      { role: ['Invite as admin or user; ownership is handed over separately.'] },
      { role: ['با نقش مدیر یا کاربر دعوت کنید؛ مالکیت جداگانه واگذار می‌شود.'] },
    ],
  ])('refuses %j with field messages in en and fa', async (body, status, code, en, fa) => {
    const { owner, team } = await teamOfThree();
    const response = await invite(team.id, owner, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, errors: en });
    expect((await invite(team.id, owner, body, 'fa')).json().errors).toEqual(fa);
  });

  it('refuses an unknown user, oneself, a member and a duplicate pending invitation, storing nothing new', async () => {
    const { owner, admin, team } = await teamOfThree();
    const sara = await registerUser(server);
    await markEmailVerified(server, sara.user.id);
    await markEmailVerified(server, admin.user.id);
    const cases: Array<[string, number, string, string, string]> = [
      [
        'nobody_here_at_all',
        400,
        'invitee_not_found',
        'No user has this email or username.',
        'کاربری با این ایمیل یا نام کاربری وجود ندارد.',
      ],
      [
        'ghost@example.com',
        400,
        'invitee_not_found',
        'No user has this email or username.',
        'کاربری با این ایمیل یا نام کاربری وجود ندارد.',
      ],
      [
        owner.user.username,
        400,
        'invite_self',
        'You cannot invite yourself.',
        'نمی‌توانید خودتان را دعوت کنید.',
      ],
      [
        admin.user.email,
        409,
        'invite_member',
        'This user is already a member of the team.',
        'این کاربر از قبل عضو تیم است.',
      ],
    ];
    for (const [who, status, code, en, fa] of cases) {
      const response = await invite(team.id, owner, { email_or_username: who });
      expect(response.statusCode, who).toBe(status);
      expect(response.json()).toMatchObject({ message: en, code });
      expect((await invite(team.id, owner, { email_or_username: who }, 'fa')).json().message).toBe(fa);
    }
    const unknown = await invite(team.id, owner, { email_or_username: 'nobody_here_at_all' });
    expect(unknown.json().errors).toEqual({ email_or_username: ['No user has this email or username.'] });

    expect((await invite(team.id, owner, { email_or_username: sara.user.username })).statusCode).toBe(201);
    const duplicate = await invite(team.id, admin, { email_or_username: sara.user.email });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'This user already has a pending invitation to this team.',
      code: 'invite_duplicate',
    });
    expect((await invite(team.id, admin, { email_or_username: sara.user.email }, 'fa')).json().message).toBe(
      'این کاربر از قبل یک دعوت‌نامهٔ بی‌پاسخ به این تیم دارد.',
    );
    expect((await call('GET', 'panel/invitations/', sara)).json().data.result_count).toBe(1);
    const notes = await server.db.select().from(notifications).where(eq(notifications.user_id, sara.user.id));
    expect(notes).toHaveLength(1);
  });

  it('an email nobody verified invites nobody (a sign-up with a colleague address gets no team)', async () => {
    const { owner, team } = await teamOfThree();
    const squatter = await registerUser(server);
    const refused = await invite(team.id, owner, { email_or_username: squatter.user.email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invitee_email_unverified',
      errors: {
        email_or_username: [
          'The account with this email has not verified it yet, so it cannot be invited by email. Invite them by username, or ask them to verify their email first.',
        ],
      },
    });
    expect(
      (await invite(team.id, owner, { email_or_username: squatter.user.email }, 'fa')).json().message,
    ).toBe(
      'حسابی که این ایمیل را دارد هنوز آن را تأیید نکرده است، پس با ایمیل دعوت نمی‌شود. با نام کاربری دعوتش کنید یا از او بخواهید نخست ایمیلش را تأیید کند.',
    );
    expect((await call('GET', 'panel/invitations/', squatter)).json().data.result_count).toBe(0);
    // Once the address is verified (the link was opened), the same invitation goes through.
    await markEmailVerified(server, squatter.user.id);
    expect((await invite(team.id, owner, { email_or_username: squatter.user.email })).statusCode).toBe(201);
  });

  it('holds one pending invitation even when two admins invite at the same moment', async () => {
    const { owner, admin, team } = await teamOfThree();
    const sara = await registerUser(server);
    await markEmailVerified(server, sara.user.id);
    const answers = await Promise.all([
      invite(team.id, owner, { email_or_username: sara.user.username }),
      invite(team.id, admin, { email_or_username: sara.user.email }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await call('GET', 'panel/invitations/', sara)).json().data.result_count).toBe(1);
  });

  it('users cannot invite or list the team invitations; admins can cancel a pending one', async () => {
    const { admin, user, team } = await teamOfThree();
    const sara = await registerUser(server);
    expect((await invite(team.id, user, { email_or_username: sara.user.username })).statusCode).toBe(403);
    expect((await call('GET', `panel/teams/${team.id}/invitations/`, user)).statusCode).toBe(403);
    const id = (await invite(team.id, admin, { email_or_username: sara.user.username })).json().data.id;
    const cancelled = await call('DELETE', `panel/teams/${team.id}/invitations/${id}/`, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await call('POST', `panel/invitations/${id}/accept/`, sara)).statusCode).toBe(409);
    expect(await roleOf(team.id, sara.user.id)).toBeUndefined();
    const history = await call('GET', `panel/teams/${team.id}/invitations/?status=cancelled`, admin);
    expect(history.json().data.results.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  it("an invitation of team A cannot be cancelled through team B's path", async () => {
    const a = await teamOfThree();
    const b = await teamOfThree();
    const sara = await registerUser(server);
    const id = (await invite(a.team.id, a.owner, { email_or_username: sara.user.username })).json().data.id;
    expect((await call('DELETE', `panel/teams/${b.team.id}/invitations/${id}/`, b.owner)).statusCode).toBe(
      404,
    );
    expect((await call('GET', 'panel/invitations/', sara)).json().data.results[0].status).toBe('pending');
  });

  it('an invitation of a deleted team disappears', async () => {
    const { owner, team } = await teamOfThree();
    const sara = await registerUser(server);
    const id = (await invite(team.id, owner, { email_or_username: sara.user.username })).json().data.id;
    await call('DELETE', `panel/teams/${team.id}/`, owner);
    expect((await call('GET', 'panel/invitations/', sara)).json().data.result_count).toBe(0);
    expect((await call('POST', `panel/invitations/${id}/accept/`, sara)).statusCode).toBe(404);
  });
});

describe('membership requests', () => {
  it('a user asks to join by team id; admins are notified and accept; the requester joins as a user', async () => {
    const { owner, admin, user, team } = await teamOfThree('Open team');
    const sara = await registerUser(server);
    const asked = await call('POST', `panel/teams/${team.id}/requests/`, sara);
    expect(asked.statusCode).toBe(201);
    const request = asked.json().data;
    expect(request).toMatchObject({
      team: { id: team.id, name: 'Open team' },
      user: { id: sara.user.id, username: sara.user.username },
      status: 'pending',
    });
    for (const who of [owner, admin]) {
      const bell = (await call('GET', 'panel/notifications/', who)).json().data.results;
      expect(bell[0].text).toBe(`${sara.user.username} asked to join the team Open team.`);
    }
    expect((await call('GET', 'panel/notifications/', user)).json().data.results).toHaveLength(0);
    expect((await call('GET', `panel/teams/${team.id}/requests/`, user)).statusCode).toBe(403);
    expect(
      (await call('POST', `panel/teams/${team.id}/requests/${request.id}/accept/`, user)).statusCode,
    ).toBe(403);
    const list = (await call('GET', `panel/teams/${team.id}/requests/`, admin)).json().data;
    expect(list.results.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const accepted = await call('POST', `panel/teams/${team.id}/requests/${request.id}/accept/`, admin);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    expect(await roleOf(team.id, sara.user.id)).toBe('user');
    const bell = (await call('GET', 'panel/notifications/', sara, undefined, 'fa')).json().data.results;
    expect(bell[0].text).toBe('درخواست عضویت شما در تیم \u2068Open team\u2069 پذیرفته شد.');
    const twice = await call('POST', `panel/teams/${team.id}/requests/${request.id}/decline/`, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'This request has already been answered.',
      code: 'request_answered',
    });
  });

  it('refuses a member, a duplicate pending request and a team that does not exist', async () => {
    const { owner, user, team } = await teamOfThree();
    const sara = await registerUser(server);
    const member = await call('POST', `panel/teams/${team.id}/requests/`, user);
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({
      message: 'You are already a member of this team.',
      code: 'request_member',
    });
    expect((await call('POST', `panel/teams/${team.id}/requests/`, sara)).statusCode).toBe(201);
    const duplicate = await call('POST', `panel/teams/${team.id}/requests/`, sara, undefined, 'fa');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'شما از قبل یک درخواست عضویت بی‌پاسخ برای این تیم دارید.',
      code: 'request_duplicate',
    });
    const personal = (await call('GET', 'panel/profile/', owner)).json().data.personal_workspace_id;
    for (const id of ['00000000-0000-4000-8000-000000000000', personal, 'nope']) {
      expect((await call('POST', `panel/teams/${id}/requests/`, sara)).statusCode, id).toBe(404);
    }
  });

  it('joining one way settles the other: an accepted invitation closes a pending request', async () => {
    const { owner, team } = await teamOfThree();
    const sara = await registerUser(server);
    const requestId = (await call('POST', `panel/teams/${team.id}/requests/`, sara)).json().data.id;
    const invitationId = (
      await call('POST', `panel/teams/${team.id}/invitations/`, owner, {
        email_or_username: sara.user.username,
      })
    ).json().data.id;
    expect((await call('POST', `panel/invitations/${invitationId}/accept/`, sara)).statusCode).toBe(200);
    expect((await call('GET', `panel/teams/${team.id}/requests/`, owner)).json().data.result_count).toBe(0);
    const late = await call('POST', `panel/teams/${team.id}/requests/${requestId}/accept/`, owner);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('request_answered');
    expect(await roleOf(team.id, sara.user.id)).toBe('user');
  });

  it('declining keeps the requester out and allows a new request later', async () => {
    const { owner, team } = await teamOfThree();
    const sara = await registerUser(server);
    const id = (await call('POST', `panel/teams/${team.id}/requests/`, sara)).json().data.id;
    expect((await call('POST', `panel/teams/${team.id}/requests/${id}/decline/`, owner)).statusCode).toBe(
      200,
    );
    expect(await roleOf(team.id, sara.user.id)).toBeUndefined();
    expect((await call('POST', `panel/teams/${team.id}/requests/`, sara)).statusCode).toBe(201);
  });
});

describe('activity log', () => {
  it('records who did what to whom, newest first, worded in the reader language; admins only', async () => {
    const owner = await registerUser(server);
    const sara = await registerUser(server);
    const team = (await call('POST', 'panel/teams/', owner, { name: 'Logged' })).json().data;
    await call('PATCH', `panel/teams/${team.id}/`, owner, { name: 'Logged 2' });
    const inv = (
      await call('POST', `panel/teams/${team.id}/invitations/`, owner, {
        email_or_username: sara.user.username,
      })
    ).json().data;
    await call('POST', `panel/invitations/${inv.id}/accept/`, sara);
    await call('PATCH', `panel/teams/${team.id}/members/${sara.user.id}/`, owner, { role: 'admin' });
    await call('POST', `panel/teams/${team.id}/transfer-ownership/`, owner, { user_id: sara.user.id });
    await call('POST', `panel/teams/${team.id}/leave/`, owner);

    const o = owner.user.username;
    const s = sara.user.username;
    const en = (await call('GET', `panel/teams/${team.id}/activity/`, sara)).json().data;
    expect(en.results.map((a: { text: string }) => a.text)).toEqual([
      `${o} left the team.`,
      `${o} handed over ownership to ${s}.`,
      `${o} changed the role of ${s} from user to admin.`,
      `${s} accepted the invitation and joined the team.`,
      `${o} invited ${s} as user.`,
      `${o} renamed the team from Logged to Logged 2.`,
      `${o} created the team.`,
    ]);
    expect(en.results[2]).toMatchObject({
      action: 'member.role_changed',
      actor: { id: owner.user.id, username: o },
      target: { id: sara.user.id, username: s },
      details: { from: 'user', to: 'admin' },
    });
    const fa = (
      await call('GET', `panel/teams/${team.id}/activity/?page_size=3`, sara, undefined, 'fa')
    ).json().data;
    expect(fa).toMatchObject({ result_count: 7, total_pages: 3, next_page: 2 });
    expect(fa.results.map((a: { text: string }) => a.text)).toEqual([
      `${o} تیم را ترک کرد.`,
      `${o} مالکیت تیم را به ${s} واگذار کرد.`,
      `${o} نقش ${s} را از کاربر به مدیر تغییر داد.`,
    ]);
    const rows = await server.db.select().from(teamActivity).where(eq(teamActivity.workspace_id, team.id));
    expect(rows).toHaveLength(7);
  });

  it('is closed to users and to outsiders', async () => {
    const { user, team } = await teamOfThree();
    const outsider = await registerUser(server);
    expect((await call('GET', `panel/teams/${team.id}/activity/`, user)).statusCode).toBe(403);
    expect((await call('GET', `panel/teams/${team.id}/activity/`, outsider)).statusCode).toBe(404);
  });
});

describe('bad input on team routes', () => {
  it('refuses unknown fields, malformed ids and malformed JSON, and changes nothing', async () => {
    const { owner, user, team } = await teamOfThree('Strict');
    const extra = await call('PATCH', `panel/teams/${team.id}/`, owner, {
      name: 'Fine',
      owner_id: user.user.id,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ owner_id: ['Unknown field.'] });
    const badUser = await call('PATCH', `panel/teams/${team.id}/members/not-a-uuid/`, owner, {
      role: 'admin',
    });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().errors).toHaveProperty('userId');
    const badInvitation = await call('POST', 'panel/invitations/42/accept/', user);
    expect(badInvitation.statusCode).toBe(400);
    const malformed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/teams/${team.id}/invitations/`,
      headers: { ...owner.auth, 'accept-language': 'fa', 'content-type': 'application/json' },
      payload: '{"email_or_username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'بدنهٔ درخواست JSON معتبری نیست.', code: 'malformed_json' });
    expect((await call('GET', `panel/teams/${team.id}/`, owner)).json().data.name).toBe('Strict');
    expect((await call('GET', `panel/teams/${team.id}/invitations/`, owner)).json().data.result_count).toBe(
      0,
    );
  });

  it('checks membership before the body: an outsider learns nothing from validation', async () => {
    const { team } = await teamOfThree();
    const outsider = await registerUser(server);
    const response = await call('POST', `panel/teams/${team.id}/invitations/`, outsider, { nonsense: true });
    expect(response.statusCode).toBe(404);
  });
});

describe('team access kinds', () => {
  it("refuse to start a server with a 'team' route that has no :id to resolve", async () => {
    const { default: Fastify } = await import('fastify');
    const { installAccessControl } = await import('../src/http/access.js');
    const app = Fastify();
    installAccessControl(app, { db: server.db, tokens: {} as never });
    // onRoute runs as the route is added, so the mistake surfaces at registration.
    expect(() =>
      app.get('/api/v1/panel/teams/mine/', { config: { access: 'team' } }, async () => ({})),
    ).toThrow("route GET /api/v1/panel/teams/mine/ has access 'team' but no :id parameter");
    await app.close();
  });
});

describe('plan limits on teams', () => {
  it('the free plan refuses a second team and a fourth member, with the upgrade link, in en and fa', async () => {
    const tight = await createTestServer();
    try {
      const owner = await registerUser(tight);
      const post = (url: string, auth: Record<string, string>, payload: object, lang = 'en') =>
        tight.app.inject({
          method: 'POST',
          url: `/api/v1/${url}`,
          headers: { ...auth, 'accept-language': lang },
          payload,
        });
      const first = await post('panel/teams/', owner.auth, { name: 'Only team' });
      expect(first.statusCode).toBe(201);
      const second = await post('panel/teams/', owner.auth, { name: 'One too many' });
      expect(second.statusCode).toBe(403);
      expect(second.json().code).toBe('plan_limit');
      expect(second.json().message).toContain('/settings/billing');
      const teamId = first.json().data.id as string;
      const invitees = [await registerUser(tight), await registerUser(tight), await registerUser(tight)];
      const answers: number[] = [];
      for (const invitee of invitees) {
        const invited = await post(`panel/teams/${teamId}/invitations/`, owner.auth, {
          email_or_username: invitee.user.username,
          role: 'user',
        });
        expect(invited.statusCode).toBe(201);
        const accepted = await post(
          `panel/invitations/${invited.json().data.id}/accept/`,
          invitee.auth,
          {},
          'fa',
        );
        answers.push(accepted.statusCode);
        if (accepted.statusCode === 403) expect(accepted.json().message).toContain('/settings/billing');
      }
      // Free plan: 3 members (the owner and two more); the third invitee is refused and not added.
      expect(answers).toEqual([200, 200, 403]);
      const members = await tight.app.inject({
        method: 'GET',
        url: `/api/v1/panel/teams/${teamId}/members/`,
        headers: owner.auth,
      });
      expect(members.json().data.results).toHaveLength(3);
    } finally {
      await tight.close();
    }
  });
});
