/**
 * The permission matrix: for EVERY route the app registers, the status each kind of caller gets.
 * permission-matrix.test.ts collects the routes from the app itself, so a new endpoint without
 * an entry here fails that test (with a ready-to-paste entry in the failure message).
 *
 * How to add an endpoint:
 *   1. Add a key `'<METHOD> <url as registered>'`, e.g. `'GET /api/v1/panel/assets/:id/'`.
 *   2. `expect`: the status for each caller. Callers always send `X-Workspace-ID: <team A>`:
 *      - guest: no token;
 *      - outsider: signed in, owner of another team (B), not a member of team A;
 *      - user / admin / owner: members of team A with that role.
 *   3. `request(w, as)`: the request, built against a fresh world `w` (new teams per call, so
 *      a DELETE in one cell does not affect the next). Create what the route needs (a resource
 *      in team A) with the helpers below.
 *   4. `crossTenant`: for every non-public route with a path parameter naming a resource, a
 *      request for a resource of team A made by a member of team B in team B's context (header
 *      or path). It must answer 404. Use `{ skip: 'why' }` only when there is no resource to
 *      cross (the parameter is the team itself, or any user may name it by design).
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { assets, licenses, notifications, orders, tickets, ticketTypes, users } from '../src/db/schema.js';
import { createLocalStorage } from '../src/storage/file-storage.js';
import { createTeam } from './helpers/teams.js';
import { registerUser, type TestServer } from './helpers/test-server.js';
import { ALERT_MATRIX } from './permission-matrix.alerts.js';
import { FINDING_MATRIX } from './permission-matrix.findings.js';
import { REPORT_MATRIX } from './permission-matrix.reports.js';
import { SCAN_MATRIX } from './permission-matrix.scans.js';

export type Session = Awaited<ReturnType<typeof registerUser>>;
export const ROLES = ['guest', 'outsider', 'user', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** The people of the matrix, registered once per run. */
export type People = {
  owner: Session;
  admin: Session;
  user: Session;
  outsider: Session;
  /** A second plain member of team A: the target of role changes and removals. */
  extra: Session;
  /** Not in any team: invited, or asks to join. */
  applicant: Session;
};

export type World = {
  server: TestServer;
  people: People;
  /** Team A: owner, admin, user, extra. */
  team: { id: string };
  /** Team B: the outsider is its owner. */
  otherTeam: { id: string };
  /** The caller as a session (undefined for the guest). */
  session(as: Role): Session | undefined;
};

export type Probe = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** For crossTenant probes: who calls (a member of team B) and in which workspace. */
  as?: Session;
  workspace?: string;
};

export type MatrixEntry = {
  expect: Record<Role, number>;
  request: (w: World, as: Role) => Probe | Promise<Probe>;
  crossTenant: ((w: World) => Probe | Promise<Probe>) | { skip: string };
};

// ------------------------------------------------------------------------------------------
// World building

export async function buildWorld(server: TestServer, people: People): Promise<World> {
  const team = await createTeam(server, people.owner.user.id, 'Team A', [
    [people.admin.user.id, 'admin'],
    [people.user.user.id, 'user'],
    [people.extra.user.id, 'user'],
  ]);
  const otherTeam = await createTeam(server, people.outsider.user.id, 'Team B');
  return {
    server,
    people,
    team,
    otherTeam,
    session: (as) => (as === 'guest' ? undefined : people[as]),
  };
}

const API = '/api/v1';

/** An authenticated call used while building fixtures; fails loudly if the fixture fails. */
async function setup(
  w: World,
  who: Session,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  workspace?: string,
) {
  const response = await w.server.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...who.auth, ...(workspace ? { 'x-workspace-id': workspace } : {}) },
    payload: payload as object,
  });
  if (response.statusCode >= 300)
    throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** A pending invitation of `teamId` for `to`, sent by the team's owner. */
async function invitation(w: World, teamId: string, inviter: Session, to: Session): Promise<string> {
  const data = await setup(w, inviter, 'POST', `/panel/teams/${teamId}/invitations/`, {
    email_or_username: to.user.username,
  });
  return data.id;
}

/** A pending request of the applicant to join `teamId`. */
async function joinRequest(w: World, teamId: string, who: Session = w.people.applicant): Promise<string> {
  return (await setup(w, who, 'POST', `/panel/teams/${teamId}/requests/`, undefined)).id;
}

/** A notification addressed to `who`. */
async function notificationOf(w: World, who: Session): Promise<string> {
  const [row] = await w.server.db
    .insert(notifications)
    .values({ user_id: who.user.id, text: 'matrix' })
    .returning({ id: notifications.id });
  return row!.id;
}

async function workerGroupIn(w: World, workspaceId: string, owner: Session): Promise<string> {
  return (await setup(w, owner, 'POST', '/panel/worker-groups/', { name: 'Group' }, workspaceId)).id;
}

async function workerIn(w: World, workspaceId: string, owner: Session): Promise<string> {
  return (await setup(w, owner, 'POST', '/panel/workers/', { name: 'Worker' }, workspaceId)).worker.id;
}

// The smallest valid PNG, uploaded as multipart field "photo".
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'didbanmatrixboundary';
export const photoUpload = {
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
};

async function groupWithPhoto(w: World, workspaceId: string, owner: Session): Promise<string> {
  const id = await workerGroupIn(w, workspaceId, owner);
  const response = await w.server.app.inject({
    method: 'PUT',
    url: `${API}/panel/worker-groups/${id}/photo/`,
    headers: { ...owner.auth, 'x-workspace-id': workspaceId, ...photoUpload.headers },
    payload: photoUpload.payload,
  });
  if (response.statusCode !== 200) throw new Error(`fixture photo: ${response.body}`);
  return id;
}

/** A ticket type, made by staff in real life; straight into the database here. */
async function ticketType(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(ticketTypes)
    .values({ name_en: 'Matrix', name_fa: 'ماتریس' })
    .returning({ id: ticketTypes.id });
  return row!.id;
}

/** An open ticket of `who` (inserted directly: ticket creation is rate limited per address). */
async function ticketOf(w: World, who: Session): Promise<string> {
  const [row] = await w.server.db
    .insert(tickets)
    .values({ user_id: who.user.id, type_id: await ticketType(w), title: 'Matrix ticket' })
    .returning({ id: tickets.id });
  return row!.id;
}

/** A message with a PNG attachment on a ticket of `who`, sent through the API. */
async function attachmentOf(w: World, who: Session): Promise<{ ticket: string; message: string }> {
  const ticket = await ticketOf(w, who);
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(
      `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_name"\r\n\r\np.png\r\n--${BOUNDARY}--\r\n`,
    ),
  ]);
  const response = await w.server.app.inject({
    method: 'POST',
    url: `${API}/support/tickets/${ticket}/messages/`,
    headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`fixture attachment: ${response.body}`);
  return { ticket, message: response.json().data.id };
}

/** A pending order of `who` for the Pro licence (inserted directly: no gateway is configured). */
async function orderOf(w: World, who: Session): Promise<string> {
  const [pro] = await w.server.db.select().from(licenses).where(eq(licenses.title, 'Pro'));
  const [row] = await w.server.db
    .insert(orders)
    .values({
      user_id: who.user.id,
      license_id: pro!.id,
      provider: 'zarinpal',
      amount: 1000,
      currency: 'IRR',
    })
    .returning({ id: orders.id });
  return row!.id;
}

async function proLicenseId(w: World): Promise<string> {
  const [pro] = await w.server.db.select({ id: licenses.id }).from(licenses).where(eq(licenses.title, 'Pro'));
  return pro!.id;
}

let serial = 0;
const unique = (prefix: string) => {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
};

// ------------------------------------------------------------------------------------------
// Expectation shorthands, by access kind

const all = (status: number): Record<Role, number> => ({
  guest: status,
  outsider: status,
  user: status,
  admin: status,
  owner: status,
});
/** Any signed-in user. */
const signedIn = (status: number): Record<Role, number> => ({ ...all(status), guest: 401 });
/** 'workspace*' access with team A in X-Workspace-ID: an outsider is refused with 403. */
const workspace = (user: number, admin: number, owner: number): Record<Role, number> => ({
  guest: 401,
  outsider: 403,
  user,
  admin,
  owner,
});
/** 'team*' access with team A in the path: an outsider is told 404 (ids leak nothing). */
const team = (user: number, admin: number, owner: number): Record<Role, number> => ({
  guest: 401,
  outsider: 404,
  user,
  admin,
  owner,
});

// The payment calls when no gateway is configured (the matrix server configures none): 400
// provider_not_configured for every signed-in caller, after the access check and (verify) after
// the order is found to be the caller's own; billing.test.ts drives the gateways themselves.
const PAYMENT_UNAVAILABLE = 400;
const PAYMENT_VERIFY_UNAVAILABLE = 400;

const noResource = { skip: 'the only path parameter is the team itself: the outsider column covers it' };

// ------------------------------------------------------------------------------------------
// The matrix

/** One of the workspace's own templates (a fresh template id each time). */
async function templateIn(w: World, workspaceId: string, owner: Session): Promise<string> {
  const id = `matrix-${Math.random().toString(36).slice(2, 10)}`;
  return (await setup(w, owner, 'POST', '/panel/templates/', { yaml: matrixTemplate(id) }, workspaceId)).id;
}

const matrixTemplate = (id: string) =>
  `id: ${id}\ninfo:\n  name: Matrix\n  author: didban\n  severity: info\nhttp:\n  - path:\n      - "{{BaseURL}}/"\n    matchers:\n      - type: status\n        status: [200]\n`;

/** A one-off template run of team A, queued (no worker runs it in the matrix). */
async function templateRunIn(w: World): Promise<string> {
  const body = { yaml: matrixTemplate('matrix-run'), targets: ['http://127.0.0.1:9'] };
  return (await setup(w, w.people.owner, 'POST', '/panel/templates/scan-now/', body, w.team.id)).run_id;
}

const TEMPLATE_BOUNDARY = 'didbanmatrixtemplates';
const templateUpload = () => ({
  payload: Buffer.from(
    `--${TEMPLATE_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="t.yaml"\r\nContent-Type: application/x-yaml\r\n\r\n${matrixTemplate(`matrix-up-${Math.random().toString(36).slice(2, 10)}`)}\r\n--${TEMPLATE_BOUNDARY}--\r\n`,
  ),
  headers: { 'content-type': `multipart/form-data; boundary=${TEMPLATE_BOUNDARY}` },
});

// ---- asset fixtures (issue 5)

/** A group of team A; its first discovery is queued (running) as on creation. */
async function assetGroupIn(w: World): Promise<{ id: string; history: string }> {
  const group = await setup(
    w,
    w.people.owner,
    'POST',
    '/panel/assets/',
    { name: 'Matrix', roots: 'matrix.test' },
    w.team.id,
  );
  const status = await w.server.app.inject({
    method: 'GET',
    url: `${API}/panel/enumeration-status/${group.id}`,
    headers: { ...w.people.owner.auth, 'x-workspace-id': w.team.id },
  });
  return { id: group.id, history: status.json().data.history_id };
}

/** A group of team A whose discovery is not running (cancelled), so a new one may start. */
async function idleAssetGroupIn(w: World): Promise<string> {
  const group = await assetGroupIn(w);
  await setup(
    w,
    w.people.owner,
    'POST',
    `/panel/enumerations/${group.id}/histories/${group.history}/cancel-scan/`,
    undefined,
    w.team.id,
  );
  return group.id;
}

/** An asset of team A (stored directly: discovery itself is the worker's business). */
async function assetIn(w: World): Promise<string> {
  const group = await assetGroupIn(w);
  const [row] = await w.server.db
    .insert(assets)
    .values({ workspace_id: w.team.id, group_id: group.id, host: 'matrix.test', port: 443 })
    .returning({ id: assets.id });
  return row!.id;
}

/** An asset of team A with a screenshot in the app's file storage, as discovery leaves it. */
async function assetWithScreenshot(w: World): Promise<string> {
  const id = await assetIn(w);
  const key = `screenshots/${id}.png`;
  await createLocalStorage(join(w.server.config.dataDir, 'files')).put(key, PNG);
  await w.server.db.update(assets).set({ screenshot_key: key }).where(eq(assets.id, id));
  return id;
}

async function enumerationScheduleIn(w: World): Promise<string> {
  const group = await assetGroupIn(w);
  return (
    await setup(
      w,
      w.people.owner,
      'POST',
      '/panel/enumerations-schedules/',
      { asset_group: group.id, frequency: 'daily', start_time: '2030-01-01T09:00:00Z' },
      w.team.id,
    )
  ).id;
}

/** A fresh account's bearer header (none for the guest), for probes that end sessions or change passwords. */
async function throwaway(w: World, as: Role): Promise<Record<string, string>> {
  if (as === 'guest') return {};
  return (await registerUser(w.server, unique('tmp'))).auth;
}

const crossAs = (w: World) => ({ as: w.people.outsider, workspace: w.otherTeam.id });
const headerScoped = { skip: 'no parameter: scoped by the header' };

export const MATRIX: Record<string, MatrixEntry> = {
  // ---- health and documents (public)
  'GET /healthz': { expect: all(200), request: () => ({ url: '/healthz' }), crossTenant: { skip: 'public' } },
  'GET /readyz': { expect: all(200), request: () => ({ url: '/readyz' }), crossTenant: { skip: 'public' } },
  'GET /api/v1/openapi.json': {
    expect: all(200),
    request: () => ({ url: `${API}/openapi.json` }),
    crossTenant: { skip: 'public' },
  },

  // ---- auth (public)
  'POST /api/v1/auth/register/': {
    expect: all(201),
    request: () => {
      const username = unique('reg');
      return {
        url: `${API}/auth/register/`,
        payload: {
          username,
          email: `${username}@example.com`,
          password: 'secret-pass',
          confirm_password: 'secret-pass',
        },
      };
    },
    crossTenant: { skip: 'public' },
  },
  'POST /api/v1/auth/login/': {
    expect: all(200),
    request: (w) => ({
      url: `${API}/auth/login/`,
      payload: {
        username: w.people.owner.user.username,
        email: w.people.owner.user.email,
        password: 'secret-pass',
      },
    }),
    crossTenant: { skip: 'public' },
  },
  'POST /api/v1/token/verify/': {
    expect: all(200),
    request: (w) => ({ url: `${API}/token/verify/`, payload: { token: w.people.owner.access } }),
    crossTenant: { skip: 'public' },
  },
  // Account security (issue 35). These end sessions or change passwords, so each signed-in probe
  // uses a throwaway account of its own (access 'user': any signed-in person, whatever the role).
  'POST /api/v1/auth/logout/': {
    expect: signedIn(200),
    request: async (w, as) => ({ url: `${API}/auth/logout/`, payload: {}, headers: await throwaway(w, as) }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/auth/logout-all/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/auth/logout-all/`,
      payload: {},
      headers: await throwaway(w, as),
    }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/auth/password/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/auth/password/`,
      payload: {
        old_password: 'secret-pass',
        new_password: 'brand-new-pass',
        confirm_password: 'brand-new-pass',
      },
      headers: await throwaway(w, as),
    }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/auth/password/forgot/': {
    expect: all(202),
    request: (w) => ({ url: `${API}/auth/password/forgot/`, payload: { email: w.people.owner.user.email } }),
    crossTenant: { skip: 'public' },
  },
  'POST /api/v1/auth/password/reset/': {
    expect: all(400),
    request: () => ({
      url: `${API}/auth/password/reset/`,
      payload: { token: 'not-a-token', new_password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    }),
    crossTenant: { skip: 'public' },
  },
  // Which external sign-ins are offered: public, the same answer for everyone.
  'GET /api/v1/auth/providers/': {
    expect: all(200),
    request: () => ({ url: `${API}/auth/providers/` }),
    crossTenant: { skip: 'public' },
  },
  // GitHub sign-in is not configured on the matrix server: 501 for everyone, never a leak.
  'GET /api/v1/auth/github/get-endpoint/': {
    expect: all(501),
    request: () => ({ url: `${API}/auth/github/get-endpoint/` }),
    crossTenant: { skip: 'public' },
  },
  'POST /api/v1/auth/github/callback/': {
    expect: all(501),
    request: () => ({ url: `${API}/auth/github/callback/`, payload: { code: 'c', state: 's' } }),
    crossTenant: { skip: 'public' },
  },
  // Registered only with DIDBAN_TEST_HOOKS=1 (browser tests); the matrix server enables it.
  'POST /api/v1/test/notify/': {
    expect: all(201),
    request: (w) => ({
      url: `${API}/test/notify/`,
      payload: { username: w.people.owner.user.username, text: 'hi' },
    }),
    crossTenant: { skip: 'public' },
  },

  'POST /api/v1/test/make-staff/': {
    expect: all(200),
    // A throwaway account: making a matrix person staff would change the other cells.
    request: async (w) => {
      const username = unique('staff');
      await w.server.db.insert(users).values({ username, email: `${username}@example.com` });
      return { url: `${API}/test/make-staff/`, payload: { username } };
    },
    crossTenant: { skip: 'public' },
  },

  // ---- account
  'GET /api/v1/panel/profile/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/profile/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/panel/profile/resend-verification/': {
    // Fresh people are unverified: each gets a new link (the mailer logs it without SMTP).
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/profile/resend-verification/`, payload: {} }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/auth/verify-email/': {
    expect: all(400),
    request: () => ({ url: `${API}/auth/verify-email/`, payload: { token: 'not-a-link-token' } }),
    crossTenant: { skip: 'public' },
  },
  'PATCH /api/v1/panel/profile/': {
    expect: signedIn(200),
    request: (w, as) => ({
      url: `${API}/panel/profile/`,
      payload: { email: (w.session(as) ?? w.people.owner).user.email },
    }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },

  // ---- notifications and feedback
  'GET /api/v1/panel/notifications/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/notifications/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'GET /api/v1/panel/notifications-history/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/notifications-history/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/panel/notifications/:id/mark_as_seen/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/panel/notifications/${await notificationOf(w, w.session(as) ?? w.people.owner)}/mark_as_seen/`,
    }),
    // Someone else's notification does not exist for the caller.
    crossTenant: async (w) => ({
      url: `${API}/panel/notifications/${await notificationOf(w, w.people.owner)}/mark_as_seen/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'POST /api/v1/panel/notifications/mark_all_as_seen/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/notifications/mark_all_as_seen/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/panel/send-feedback/': {
    expect: signedIn(201),
    request: () => ({
      url: `${API}/panel/send-feedback/`,
      payload: { title: 'Matrix', description: 'Works' },
    }),
    crossTenant: { skip: 'no parameter' },
  },
  'GET /api/v1/panel/feedback/': {
    // Staff only; none of the matrix callers is staff.
    expect: { ...signedIn(403) },
    request: () => ({ url: `${API}/panel/feedback/` }),
    crossTenant: { skip: 'no parameter' },
  },

  // ---- the current workspace
  'GET /api/v1/panel/workspace/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/workspace/` }),
    crossTenant: { skip: 'no parameter: the header is the resource, the outsider column covers it' },
  },

  // ---- teams
  'GET /api/v1/panel/teams/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/teams/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/panel/teams/': {
    expect: signedIn(201),
    request: () => ({ url: `${API}/panel/teams/`, payload: { name: 'Matrix team' } }),
    crossTenant: { skip: 'no parameter' },
  },
  'GET /api/v1/panel/teams/:id/': {
    expect: team(200, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/` }),
    crossTenant: noResource,
  },
  'PATCH /api/v1/panel/teams/:id/': {
    expect: team(403, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/`, payload: { name: 'Renamed' } }),
    crossTenant: noResource,
  },
  'DELETE /api/v1/panel/teams/:id/': {
    expect: team(403, 403, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/` }),
    crossTenant: noResource,
  },
  'GET /api/v1/panel/teams/:id/members/': {
    expect: team(200, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/members/` }),
    crossTenant: noResource,
  },
  'PATCH /api/v1/panel/teams/:id/members/:userId/': {
    expect: team(403, 200, 200),
    request: (w) => ({
      url: `${API}/panel/teams/${w.team.id}/members/${w.people.extra.user.id}/`,
      payload: { role: 'admin' },
    }),
    // The owner of team B cannot reach a member of team A through B's path.
    crossTenant: (w) => ({
      url: `${API}/panel/teams/${w.otherTeam.id}/members/${w.people.extra.user.id}/`,
      payload: { role: 'admin' },
      as: w.people.outsider,
    }),
  },
  'DELETE /api/v1/panel/teams/:id/members/:userId/': {
    expect: team(403, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/members/${w.people.extra.user.id}/` }),
    crossTenant: (w) => ({
      url: `${API}/panel/teams/${w.otherTeam.id}/members/${w.people.extra.user.id}/`,
      as: w.people.outsider,
    }),
  },
  'POST /api/v1/panel/teams/:id/leave/': {
    // The owner must hand the team over first.
    expect: team(200, 200, 400),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/leave/` }),
    crossTenant: noResource,
  },
  'POST /api/v1/panel/teams/:id/transfer-ownership/': {
    expect: team(403, 403, 200),
    request: (w) => ({
      url: `${API}/panel/teams/${w.team.id}/transfer-ownership/`,
      payload: { user_id: w.people.extra.user.id },
    }),
    crossTenant: noResource,
  },
  'GET /api/v1/panel/teams/:id/invitations/': {
    expect: team(403, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/invitations/` }),
    crossTenant: noResource,
  },
  'POST /api/v1/panel/teams/:id/invitations/': {
    expect: team(403, 201, 201),
    request: (w) => ({
      url: `${API}/panel/teams/${w.team.id}/invitations/`,
      payload: { email_or_username: w.people.applicant.user.username },
    }),
    crossTenant: noResource,
  },
  'DELETE /api/v1/panel/teams/:id/invitations/:invitationId/': {
    expect: team(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/teams/${w.team.id}/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.applicant)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/teams/${w.otherTeam.id}/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.applicant)}/`,
      as: w.people.outsider,
    }),
  },
  'GET /api/v1/panel/invitations/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/panel/invitations/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  // Team A invited the outsider: only the invitee may answer; for anyone else it does not exist.
  'POST /api/v1/panel/invitations/:id/accept/': {
    expect: { guest: 401, outsider: 200, user: 404, admin: 404, owner: 404 },
    request: async (w) => ({
      url: `${API}/panel/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.outsider)}/accept/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.applicant)}/accept/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'POST /api/v1/panel/invitations/:id/decline/': {
    expect: { guest: 401, outsider: 200, user: 404, admin: 404, owner: 404 },
    request: async (w) => ({
      url: `${API}/panel/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.outsider)}/decline/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/invitations/${await invitation(w, w.team.id, w.people.owner, w.people.applicant)}/decline/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/panel/teams/:id/requests/': {
    expect: team(403, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/requests/` }),
    crossTenant: noResource,
  },
  // Anyone signed in may ask to join a team by id; members are told they already are.
  'POST /api/v1/panel/teams/:id/requests/': {
    expect: { guest: 401, outsider: 201, user: 409, admin: 409, owner: 409 },
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/requests/` }),
    crossTenant: { skip: 'any signed-in user may name any team to ask to join it (by design)' },
  },
  'POST /api/v1/panel/teams/:id/requests/:requestId/accept/': {
    expect: team(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/teams/${w.team.id}/requests/${await joinRequest(w, w.team.id)}/accept/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/teams/${w.otherTeam.id}/requests/${await joinRequest(w, w.team.id)}/accept/`,
      as: w.people.outsider,
    }),
  },
  'POST /api/v1/panel/teams/:id/requests/:requestId/decline/': {
    expect: team(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/teams/${w.team.id}/requests/${await joinRequest(w, w.team.id)}/decline/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/teams/${w.otherTeam.id}/requests/${await joinRequest(w, w.team.id)}/decline/`,
      as: w.people.outsider,
    }),
  },
  'GET /api/v1/panel/teams/:id/activity/': {
    expect: team(403, 200, 200),
    request: (w) => ({ url: `${API}/panel/teams/${w.team.id}/activity/` }),
    crossTenant: noResource,
  },

  // ---- workers: the worker side takes a worker key, never a user's token
  ...Object.fromEntries(
    [
      '/worker/hello/',
      '/worker/tasks/claim/',
      '/worker/tasks/:id/heartbeat/',
      '/worker/tasks/:id/results/',
      '/worker/tasks/:id/complete/',
      '/worker/tasks/:id/fail/',
    ].map((path): [string, MatrixEntry] => [
      `POST ${API}${path}`,
      {
        expect: all(401),
        request: () => ({
          url: `${API}${path.replace(':id', '00000000-0000-4000-8000-000000000000')}`,
          payload: {},
        }),
        crossTenant: {
          skip: 'worker-key routes: worker-queue.test.ts checks a worker only sees its own tasks',
        },
      },
    ]),
  ),

  // ---- workers and worker groups (panel side, workspace data)
  'GET /api/v1/panel/worker-groups/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/worker-groups/` }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'POST /api/v1/panel/worker-groups/': {
    expect: workspace(403, 201, 201),
    request: () => ({ url: `${API}/panel/worker-groups/`, payload: { name: 'Matrix group' } }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'GET /api/v1/panel/worker-groups/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'PATCH /api/v1/panel/worker-groups/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
      payload: { name: 'Renamed' },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
      payload: { name: 'Renamed' },
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'DELETE /api/v1/panel/worker-groups/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'PUT /api/v1/panel/worker-groups/:id/photo/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/photo/`,
      ...photoUpload,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await workerGroupIn(w, w.team.id, w.people.owner)}/photo/`,
      ...photoUpload,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/panel/worker-groups/:id/photo/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await groupWithPhoto(w, w.team.id, w.people.owner)}/photo/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await groupWithPhoto(w, w.team.id, w.people.owner)}/photo/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'DELETE /api/v1/panel/worker-groups/:id/photo/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/worker-groups/${await groupWithPhoto(w, w.team.id, w.people.owner)}/photo/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/worker-groups/${await groupWithPhoto(w, w.team.id, w.people.owner)}/photo/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/panel/workers/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/workers/` }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'POST /api/v1/panel/workers/': {
    expect: workspace(403, 201, 201),
    request: () => ({ url: `${API}/panel/workers/`, payload: { name: 'Matrix worker' } }),
    crossTenant: {
      skip: 'no parameter: scoped by the header (a foreign group_id in the body is checked in worker tests)',
    },
  },
  'GET /api/v1/panel/workers/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'PATCH /api/v1/panel/workers/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/`,
      payload: { name: 'Renamed' },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/`,
      payload: { name: 'Renamed' },
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'POST /api/v1/panel/workers/:id/revoke/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/revoke/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/revoke/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'DELETE /api/v1/panel/workers/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/workers/${await workerIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },

  // ---- licences and orders (spec §7 Licence): orders belong to a user
  'GET /api/v1/license/': {
    expect: all(200),
    request: () => ({ url: `${API}/license/` }),
    crossTenant: { skip: 'public' },
  },
  'GET /api/v1/license/active-license/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/license/active-license/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'GET /api/v1/license/plan/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/license/plan/` }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'POST /api/v1/license/payment/request/': {
    // No payment gateway is configured on the matrix server: every signed-in caller is refused alike.
    expect: signedIn(PAYMENT_UNAVAILABLE),
    request: async (w) => ({
      url: `${API}/license/payment/request/`,
      payload: { license_id: await proLicenseId(w), provider: 'zarinpal' },
    }),
    crossTenant: { skip: 'no parameter' },
  },
  'GET /api/v1/license/payment/verify/': {
    expect: signedIn(PAYMENT_VERIFY_UNAVAILABLE),
    request: async (w, as) => ({
      url: `${API}/license/payment/verify/?order_id=${await orderOf(w, w.session(as) ?? w.people.owner)}&Authority=A1&Status=OK`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/license/payment/verify/?order_id=${await orderOf(w, w.people.owner)}&Authority=A1&Status=OK`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/license/orders-history/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/license/orders-history/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'GET /api/v1/license/orders-history/:id/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/license/orders-history/${await orderOf(w, w.session(as) ?? w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/license/orders-history/${await orderOf(w, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },

  // ---- support tickets (spec §7 Support): a ticket is its owner's and staff's only
  'GET /api/v1/support/ticket-types/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/support/ticket-types/` }),
    crossTenant: { skip: 'no parameter' },
  },
  'POST /api/v1/support/ticket-types/': {
    expect: signedIn(403),
    request: () => ({ url: `${API}/support/ticket-types/`, payload: { name_en: 'Bug', name_fa: 'اشکال' } }),
    crossTenant: { skip: 'no parameter (staff only)' },
  },
  'GET /api/v1/support/tickets/': {
    expect: signedIn(200),
    request: () => ({ url: `${API}/support/tickets/` }),
    crossTenant: { skip: 'no parameter: always the caller' },
  },
  'POST /api/v1/support/tickets/': {
    expect: signedIn(201),
    request: async (w) => ({
      url: `${API}/support/tickets/`,
      payload: { title: 'Matrix', ticket_type: await ticketType(w) },
    }),
    crossTenant: { skip: 'no parameter' },
  },
  'GET /api/v1/support/tickets/:id/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.session(as) ?? w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'PATCH /api/v1/support/tickets/:id/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.session(as) ?? w.people.owner)}/`,
      payload: { status: 'closed' },
    }),
    crossTenant: async (w) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.people.owner)}/`,
      payload: { status: 'closed' },
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/support/tickets/:id/messages/': {
    expect: signedIn(200),
    request: async (w, as) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.session(as) ?? w.people.owner)}/messages/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.people.owner)}/messages/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'POST /api/v1/support/tickets/:id/messages/': {
    expect: signedIn(201),
    request: async (w, as) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.session(as) ?? w.people.owner)}/messages/`,
      payload: { text: 'Hello' },
    }),
    crossTenant: async (w) => ({
      url: `${API}/support/tickets/${await ticketOf(w, w.people.owner)}/messages/`,
      payload: { text: 'Hello' },
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/support/tickets/:id/messages/:messageId/attachment/': {
    expect: signedIn(200),
    request: async (w, as) => {
      const { ticket, message } = await attachmentOf(w, w.session(as) ?? w.people.owner);
      return { url: `${API}/support/tickets/${ticket}/messages/${message}/attachment/` };
    },
    crossTenant: async (w) => {
      const { ticket, message } = await attachmentOf(w, w.people.owner);
      return {
        url: `${API}/support/tickets/${ticket}/messages/${message}/attachment/`,
        as: w.people.outsider,
        workspace: w.otherTeam.id,
      };
    },
  },

  // ---- templates (workspace data: members read, admins and the owner write)
  'GET /api/v1/panel/templates/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/templates/?scope=mine` }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'POST /api/v1/panel/templates/': {
    expect: workspace(403, 201, 201),
    request: () => ({ url: `${API}/panel/templates/`, payload: { yaml: matrixTemplate('matrix-create') } }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'POST /api/v1/panel/templates/upload/': {
    expect: workspace(403, 200, 200),
    request: () => ({ url: `${API}/panel/templates/upload/`, ...templateUpload() }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'GET /api/v1/panel/templates/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'PATCH /api/v1/panel/templates/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
      payload: { yaml: matrixTemplate('matrix-patched') },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
      payload: { yaml: matrixTemplate('matrix-patched') },
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'DELETE /api/v1/panel/templates/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/templates/${await templateIn(w, w.team.id, w.people.owner)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'GET /api/v1/panel/template-tags/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/template-tags/?search=git` }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  // ---- template runs (scan now: every member may run and cancel, like the workspace's scans)
  'POST /api/v1/panel/templates/scan-now/': {
    expect: workspace(201, 201, 201),
    request: () => ({
      url: `${API}/panel/templates/scan-now/`,
      payload: { yaml: matrixTemplate('matrix-run'), targets: ['http://127.0.0.1:9'] },
    }),
    crossTenant: { skip: 'no parameter: scoped by the header' },
  },
  'GET /api/v1/panel/templates/runs/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/templates/runs/${await templateRunIn(w)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/templates/runs/${await templateRunIn(w)}/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  'POST /api/v1/panel/templates/runs/:id/cancel/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/templates/runs/${await templateRunIn(w)}/cancel/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/templates/runs/${await templateRunIn(w)}/cancel/`,
      as: w.people.outsider,
      workspace: w.otherTeam.id,
    }),
  },
  // ---- assets (docs/permissions.md "Assets": members read and run discovery, admins delete)
  'GET /api/v1/panel/assets/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/assets/?search=matrix` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/assets/': {
    expect: workspace(201, 201, 201),
    request: () => ({ url: `${API}/panel/assets/`, payload: { name: 'Matrix', roots: 'matrix.test' } }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/assets/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/`, ...crossAs(w) }),
  },
  'PATCH /api/v1/panel/assets/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/`,
      payload: { name: 'Renamed' },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/`,
      payload: { name: 'Renamed' },
      ...crossAs(w),
    }),
  },
  'DELETE /api/v1/panel/assets/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/assets/${(await assetGroupIn(w)).id}/`, ...crossAs(w) }),
  },
  'GET /api/v1/panel/asset-groups/:id/assets/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/asset-groups/${(await assetGroupIn(w)).id}/assets/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/asset-groups/${(await assetGroupIn(w)).id}/assets/`,
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/all-assets/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/all-assets/?ordering=-updated_at&port=443` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/all-assets/technologies/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/all-assets/technologies/` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/all-assets/filter-by-technology': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/all-assets/filter-by-technology?technology_id=nginx` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/all-assets/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/`, ...crossAs(w) }),
  },
  'GET /api/v1/panel/all-assets/:id/changelog/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/changelog/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/all-assets/${await assetIn(w)}/changelog/`,
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/all-assets/:id/endpoints/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/endpoints/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/all-assets/${await assetIn(w)}/endpoints/`,
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/all-assets/:id/screenshot/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/all-assets/${await assetWithScreenshot(w)}/screenshot/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/all-assets/${await assetWithScreenshot(w)}/screenshot/`,
      ...crossAs(w),
    }),
  },
  'DELETE /api/v1/panel/all-assets/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/all-assets/${await assetIn(w)}/`, ...crossAs(w) }),
  },
  'POST /api/v1/panel/enumerations/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/enumerations/`,
      payload: { asset_group_id: await idleAssetGroupIn(w) },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations/`,
      payload: { asset_group_id: await idleAssetGroupIn(w) },
      ...crossAs(w),
    }),
  },
  'POST /api/v1/panel/asset-rediscovery/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/asset-rediscovery/`,
      payload: { asset_group_id: await idleAssetGroupIn(w) },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/asset-rediscovery/`,
      payload: { asset_group_id: await idleAssetGroupIn(w) },
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/enumerations/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/enumerations/${(await assetGroupIn(w)).id}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations/${(await assetGroupIn(w)).id}/`,
      ...crossAs(w),
    }),
  },
  'PATCH /api/v1/panel/enumerations/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/enumerations/${(await assetGroupIn(w)).id}/`,
      payload: { auto_discovery: false },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations/${(await assetGroupIn(w)).id}/`,
      payload: { auto_discovery: false },
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/enumeration-status/:id': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/enumeration-status/${(await assetGroupIn(w)).history}` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumeration-status/${(await assetGroupIn(w)).history}`,
      ...crossAs(w),
    }),
  },
  'POST /api/v1/panel/enumerations/:enumId/histories/:historyId/cancel-scan/': {
    expect: workspace(200, 200, 200),
    request: async (w) => {
      const group = await assetGroupIn(w);
      return { url: `${API}/panel/enumerations/${group.id}/histories/${group.history}/cancel-scan/` };
    },
    crossTenant: async (w) => {
      const group = await assetGroupIn(w);
      return {
        url: `${API}/panel/enumerations/${group.id}/histories/${group.history}/cancel-scan/`,
        ...crossAs(w),
      };
    },
  },
  'GET /api/v1/panel/compare_histories/:a/:b/': {
    expect: workspace(200, 200, 200),
    request: async (w) => {
      const group = await assetGroupIn(w);
      return { url: `${API}/panel/compare_histories/${group.history}/${group.history}/` };
    },
    crossTenant: async (w) => {
      const group = await assetGroupIn(w);
      return { url: `${API}/panel/compare_histories/${group.history}/${group.history}/`, ...crossAs(w) };
    },
  },
  'POST /api/v1/panel/enumerations-schedules/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/enumerations-schedules/`,
      payload: {
        asset_group: (await assetGroupIn(w)).id,
        frequency: 'weekly',
        start_time: '2030-01-01T09:00:00Z',
      },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations-schedules/`,
      payload: {
        asset_group: (await assetGroupIn(w)).id,
        frequency: 'weekly',
        start_time: '2030-01-01T09:00:00Z',
      },
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/enumerations-schedules/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/`,
      ...crossAs(w),
    }),
  },
  'PATCH /api/v1/panel/enumerations-schedules/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/`,
      payload: { frequency: 'custom', custom_weekdays: [1, 3] },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/`,
      payload: { frequency: 'custom', custom_weekdays: [1, 3] },
      ...crossAs(w),
    }),
  },
  'DELETE /api/v1/panel/enumerations-schedules/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/enumerations-schedules/${await enumerationScheduleIn(w)}/`,
      ...crossAs(w),
    }),
  },
  // ---- scans, vulnerabilities, dashboard (issue 7)
  ...SCAN_MATRIX,
  // ---- findings lifecycle (issue 32)
  ...FINDING_MATRIX,
  // ---- alerts and integrations (issue 20)
  ...ALERT_MATRIX,
  // ---- reports (issue 33)
  ...REPORT_MATRIX,
};

/** What a newcomer pastes for a route without an entry, with statuses guessed from its access. */
export function suggestEntry(method: string, url: string, access: string | undefined): string {
  const guess: Record<string, string> = {
    public: 'all(200)',
    user: 'signedIn(200)',
    staff: 'signedIn(403)',
    worker: 'all(401)',
    workspace: 'workspace(200, 200, 200)',
    'workspace:admin': 'workspace(403, 200, 200)',
    'workspace:owner': 'workspace(403, 403, 200)',
    team: 'team(200, 200, 200)',
    'team:admin': 'team(403, 200, 200)',
    'team:owner': 'team(403, 403, 200)',
  };
  const isTeam = access?.startsWith('team') ?? false;
  const path = url.replace(/:(\w+)/g, (_m, name: string) =>
    isTeam && name === 'id' ? `\${w.team.id}` : `\${/* ${name} of a resource in team A */ ''}`,
  );
  const namesResource = (url.match(/:\w+/g) ?? []).some((p) => !(isTeam && p === ':id'));
  const cross = namesResource
    ? `async (w) => ({ url: \`<the same path naming a resource of team A>\`, as: w.people.outsider, workspace: w.otherTeam.id })`
    : isTeam
      ? 'noResource'
      : `{ skip: 'no parameter: scoped by the header' }`;
  return [
    `  '${method} ${url}': {`,
    `    expect: ${guess[access ?? ''] ?? '{ guest: ?, outsider: ?, user: ?, admin: ?, owner: ? }'}, // access '${access}': check each status`,
    `    request: async (w, as) => ({ url: \`${path}\`${method === 'GET' || method === 'DELETE' ? '' : ', payload: { /* a valid body */ }'} }),`,
    `    crossTenant: ${cross},`,
    '  },',
  ].join('\n');
}
