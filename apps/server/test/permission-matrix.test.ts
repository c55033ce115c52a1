import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTable } from '../src/http/access.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import {
  buildWorld,
  MATRIX,
  type MatrixEntry,
  type People,
  type Probe,
  ROLES,
  type Session,
  suggestEntry,
  type World,
} from './permission-matrix.entries.js';

/**
 * Every endpoint the app registers × (guest, outsider, user, admin, owner) → the expected status,
 * from the table in permission-matrix.entries.ts; and for every endpoint naming a resource, a
 * resource of team A asked for from team B answers 404. The routes come from the app itself
 * (access.ts records each route and its declared access), so a new endpoint cannot slip by.
 */

let server: TestServer;
let people: People;

beforeAll(async () => {
  // Test hooks on, so the routes they add are in the matrix too.
  // A roomy free plan: the matrix checks who may call what, not plan limits (tested in billing and teams).
  server = await createTestServer({
    DIDBAN_TEST_HOOKS: '1',
    DIDBAN_FREE_TEAMS: '1000',
    DIDBAN_FREE_TEAM_MEMBERS: '1000',
  });
  const [owner, admin, user, outsider, extra, applicant] = await Promise.all(
    ['owner', 'admin', 'user', 'outsider', 'extra', 'applicant'].map(() => registerUser(server)),
  );
  people = {
    owner: owner!,
    admin: admin!,
    user: user!,
    outsider: outsider!,
    extra: extra!,
    applicant: applicant!,
  };
});
afterAll(() => server.close());

const registered = () =>
  accessTable(server.app)
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

async function send(method: string, probe: Probe, who: Session | undefined, workspace: string) {
  return server.app.inject({
    method: method as 'GET',
    url: probe.url,
    headers: {
      'accept-language': 'en',
      'x-workspace-id': workspace,
      ...(who?.auth ?? {}),
      ...(probe.headers ?? {}),
    },
    ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
  });
}

describe('the matrix covers the app', () => {
  it('has an entry for every registered endpoint', () => {
    const missing = registered().filter((r) => !(r.key in MATRIX));
    const help = [
      `${missing.length} endpoint(s) have no entry in apps/server/test/permission-matrix.entries.ts.`,
      'Add one per endpoint to MATRIX (read the comment at the top of that file), for example:',
      '',
      ...missing.map((r) => suggestEntry(r.method, r.url, r.access)),
    ].join('\n');
    expect(
      missing.map((r) => r.key),
      help,
    ).toEqual([]);
  });

  it('has no entry for an endpoint that does not exist (renamed or removed)', () => {
    const keys = new Set(registered().map((r) => r.key));
    const stale = Object.keys(MATRIX).filter((k) => !keys.has(k));
    expect(stale, 'remove or rename these entries in permission-matrix.entries.ts').toEqual([]);
  });

  it('asks for a cross-workspace probe on every non-public endpoint that names a resource', () => {
    const lacking = registered().filter((r) => {
      const entry = MATRIX[r.key];
      return entry && r.access !== 'public' && r.url.includes(':') && !entry.crossTenant;
    });
    expect(lacking.map((r) => r.key)).toEqual([]);
  });
});

const entries = Object.entries(MATRIX) as Array<[string, MatrixEntry]>;

describe.each(entries)('%s', (key, entry) => {
  const method = key.split(' ')[0]!;

  it.each(ROLES.map((role) => [role, entry.expect[role]] as const))('as %s → %i', async (role, status) => {
    const world: World = await buildWorld(server, people);
    const probe = await entry.request(world, role);
    const response = await send(method, probe, world.session(role), world.team.id);
    expect(response.statusCode, `${key} as ${role}: ${response.body.slice(0, 300)}`).toBe(status);
  });

  const cross = entry.crossTenant;
  if (typeof cross === 'function') {
    it('a resource of team A asked for from team B → 404', async () => {
      const world = await buildWorld(server, people);
      const probe = await cross(world);
      const response = await send(
        method,
        probe,
        probe.as ?? world.people.outsider,
        probe.workspace ?? world.otherTeam.id,
      );
      expect(response.statusCode, `${key} across workspaces: ${response.body.slice(0, 300)}`).toBe(404);
    });
  }
});
