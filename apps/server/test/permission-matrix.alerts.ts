/**
 * Permission matrix entries of the alert routes (docs/permissions.md "Alerts": members read the
 * channels, rules and delivery log; admins and the owner manage them and send tests), spread into
 * MATRIX by permission-matrix.entries.ts.
 */
import { alertChannels, alertRules } from '../src/db/schema.js';
import type { MatrixEntry, Role, World } from './permission-matrix.entries.js';

const API = '/api/v1';
const workspace = (user: number, admin: number, owner: number): Record<Role, number> => ({
  guest: 401,
  outsider: 403,
  user,
  admin,
  owner,
});
const headerScoped = { skip: 'no parameter: scoped by the header' };
const crossAs = (w: World) => ({ as: w.people.outsider, workspace: w.otherTeam.id });

/** A webhook channel of team A, made in the database (its secret is not read by these routes' checks). */
async function channelIn(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(alertChannels)
    .values({ workspace_id: w.team.id, name: 'Matrix hook', kind: 'webhook', settings: {} })
    .returning({ id: alertChannels.id });
  return row!.id;
}

/** A GitHub tracker channel of team A (no webhook secret yet). */
async function trackerIn(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(alertChannels)
    .values({
      workspace_id: w.team.id,
      name: 'Matrix tracker',
      kind: 'github',
      settings: { repo: 'acme/web' },
    })
    .returning({ id: alertChannels.id });
  return row!.id;
}

async function ruleIn(w: World): Promise<string> {
  const channel = await channelIn(w);
  const [row] = await w.server.db
    .insert(alertRules)
    .values({ workspace_id: w.team.id, name: 'Matrix rule', triggers: ['asset_new'], channel_ids: [channel] })
    .returning({ id: alertRules.id });
  return row!.id;
}

const newChannel = { name: 'Hook', kind: 'webhook', secrets: { url: 'https://hooks.example.com/x' } };

export const ALERT_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/v1/panel/alerts/channels/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/alerts/channels/` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/alerts/channels/': {
    expect: workspace(403, 201, 201),
    request: () => ({ url: `${API}/panel/alerts/channels/`, payload: newChannel }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/alerts/channels/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/alerts/channels/${await channelIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/alerts/channels/${await channelIn(w)}/`, ...crossAs(w) }),
  },
  'PATCH /api/v1/panel/alerts/channels/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/alerts/channels/${await channelIn(w)}/`,
      payload: { name: 'Renamed', secrets: { url: 'https://hooks.example.com/y' } },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/alerts/channels/${await channelIn(w)}/`,
      payload: { name: 'Renamed' },
      ...crossAs(w),
    }),
  },
  'DELETE /api/v1/panel/alerts/channels/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/alerts/channels/${await channelIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/alerts/channels/${await channelIn(w)}/`, ...crossAs(w) }),
  },
  'POST /api/v1/panel/alerts/channels/:id/test/': {
    expect: workspace(403, 202, 202),
    request: async (w) => ({ url: `${API}/panel/alerts/channels/${await channelIn(w)}/test/`, payload: {} }),
    crossTenant: async (w) => ({
      url: `${API}/panel/alerts/channels/${await channelIn(w)}/test/`,
      payload: {},
      ...crossAs(w),
    }),
  },
  'GET /api/v1/panel/alerts/deliveries/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/alerts/deliveries/` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/alerts/rules/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/alerts/rules/` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/alerts/rules/': {
    expect: workspace(403, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/alerts/rules/`,
      payload: { name: 'New assets', triggers: ['asset_new'], channel_ids: [await channelIn(w)] },
    }),
    crossTenant: headerScoped,
  },
  'PATCH /api/v1/panel/alerts/rules/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/alerts/rules/${await ruleIn(w)}/`,
      payload: { enabled: false },
    }),
    crossTenant: async (w) => ({
      url: `${API}/panel/alerts/rules/${await ruleIn(w)}/`,
      payload: { enabled: false },
      ...crossAs(w),
    }),
  },
  'DELETE /api/v1/panel/alerts/rules/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/alerts/rules/${await ruleIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/alerts/rules/${await ruleIn(w)}/`, ...crossAs(w) }),
  },
  'POST /api/v1/panel/alerts/channels/:id/webhook-secret/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/alerts/channels/${await trackerIn(w)}/webhook-secret/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/alerts/channels/${await trackerIn(w)}/webhook-secret/`,
      ...crossAs(w),
    }),
  },
  // Public: the tracker is the caller, authenticated by the channel's webhook signature alone.
  'POST /api/v1/hooks/tracker/:id/': {
    expect: { guest: 409, outsider: 409, user: 409, admin: 409, owner: 409 },
    request: async (w) => ({ url: `${API}/hooks/tracker/${await trackerIn(w)}/`, payload: {} }),
    crossTenant: { skip: 'public: signed by the channel secret, not by a session' },
  },
};
