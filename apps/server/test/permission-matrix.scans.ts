/**
 * Permission matrix entries of the scan, vulnerability and dashboard routes (docs/permissions.md
 * "Scans": members read, create, run, cancel and triage; admins delete), spread into MATRIX by
 * permission-matrix.entries.ts.
 */
import { assets, scanHistoryVulnerabilities, vulnerabilities } from '../src/db/schema.js';
import type { MatrixEntry, Role, World } from './permission-matrix.entries.js';

const API = '/api/v1';
const GIT = 'public:git-config-exposure';
const workspace = (user: number, admin: number, owner: number): Record<Role, number> => ({
  guest: 401,
  outsider: 403,
  user,
  admin,
  owner,
});
const headerScoped = { skip: 'no parameter: scoped by the header' };
export const crossAs = (w: World) => ({ as: w.people.outsider, workspace: w.otherTeam.id });

async function post(w: World, url: string, payload: unknown) {
  const response = await w.server.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    headers: { ...w.people.owner.auth, 'x-workspace-id': w.team.id },
    payload: payload as object,
  });
  if (response.statusCode >= 300)
    throw new Error(`fixture POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** A group of team A with one asset (its discovery queued, as on creation). */
async function groupWithAssetIn(w: World): Promise<string> {
  const group = await post(w, '/panel/assets/', { name: 'Matrix', roots: 'matrix.test' });
  await w.server.db
    .insert(assets)
    .values({ workspace_id: w.team.id, group_id: group.id, host: 'matrix.test', port: 80, status: '200' });
  return group.id;
}

/** A scan of team A with a run going (queued chunks), and a vulnerability that run saw. */
export async function scanRunIn(w: World) {
  const group = await groupWithAssetIn(w);
  const scan = await post(w, '/panel/scans/', {
    name: 'Matrix scan',
    asset_group: [group],
    template_ids: [GIT],
  });
  const [vuln] = await w.server.db
    .insert(vulnerabilities)
    .values({
      workspace_id: w.team.id,
      dedupe_key: `matrix-${scan.id}`,
      template_id: 'git-config-exposure',
      template_name: 'Git config',
      severity: 'medium',
      severity_rank: 3,
      protocol: 'http',
      host: 'matrix.test',
      port: 80,
      matched_at: 'http://matrix.test/.git/config',
      last_scan_id: scan.id,
      last_history_id: scan.scan_history_id,
    })
    .returning({ id: vulnerabilities.id });
  await w.server.db
    .insert(scanHistoryVulnerabilities)
    .values({ history_id: scan.scan_history_id, vulnerability_id: vuln!.id, kind: 'seen', severity_rank: 3 });
  return { scan: scan.id as string, history: scan.scan_history_id as string, vuln: vuln!.id };
}

const historyPath = (r: { scan: string; history: string }) =>
  `${API}/panel/scans/${r.scan}/histories/${r.history}`;

async function scheduleIn(w: World): Promise<string> {
  const { scan } = await scanRunIn(w);
  return (
    await post(w, '/panel/scan-schedules/', { scan, frequency: 'daily', start_time: '2030-01-01T09:00:00Z' })
  ).id;
}

/** The same probe for the outsider in team B's context (the cross-tenant column). */
export const crossOf =
  (probe: (w: World) => Promise<{ url: string; payload?: unknown }>) => async (w: World) => ({
    ...(await probe(w)),
    ...crossAs(w),
  });

const scanUrl = async (w: World) => ({ url: `${API}/panel/scans/${(await scanRunIn(w)).scan}/` });
const runUrl = async (w: World) => ({ url: `${API}/panel/scans/${(await scanRunIn(w)).scan}/histories` });
const statusUrl = async (w: World) => ({ url: `${historyPath(await scanRunIn(w))}/status` });
const problemsUrl = async (w: World) => ({ url: `${historyPath(await scanRunIn(w))}/problems/` });
const cancelUrl = async (w: World) => ({
  url: `${historyPath(await scanRunIn(w))}/cancel-scan/`,
  payload: {},
});
const runVulnsUrl = async (w: World) => ({ url: `${historyPath(await scanRunIn(w))}/vulnerabilities/` });
const runVulnUrl = async (w: World) => {
  const r = await scanRunIn(w);
  return { url: `${historyPath(r)}/vulnerabilities/${r.vuln}/` };
};
const affectedUrl = async (w: World) => {
  const r = await scanRunIn(w);
  return { url: `${historyPath(r)}/vulnerabilities/${r.vuln}/affected-assets/` };
};
const vulnUrl = async (w: World) => ({ url: `${API}/panel/vulnerabilities/${(await scanRunIn(w)).vuln}/` });
const rerunUrl = async (w: World) => {
  const group = await groupWithAssetIn(w);
  const scan = await post(w, '/panel/scans/', {
    name: 'Idle',
    asset_group: [group],
    template_ids: [GIT],
    run_now: false,
  });
  return { url: `${API}/panel/scans/${scan.id}/run/`, payload: {} };
};
const schedulePatch = async (w: World) => ({
  url: `${API}/panel/scan-schedules/${await scheduleIn(w)}/`,
  payload: { frequency: 'custom', custom_weekdays: [1, 3] },
});

export const SCAN_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/v1/panel/scans/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/scans/?search=matrix&status=running,finished&host=matrix.test` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/scans/filter-values/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/scans/filter-values/?field=host&search=matrix` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/scans/statistics': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/scans/statistics` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/scans/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/scans/`,
      payload: { name: 'Matrix', asset_group: [await groupWithAssetIn(w)], template_ids: [GIT] },
    }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/scans/bulk-create/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/scans/bulk-create/`,
      payload: { name: 'Matrix bulk', asset_groups: [await groupWithAssetIn(w)], template_tags: ['git'] },
    }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/scans/:id/': {
    expect: workspace(200, 200, 200),
    request: scanUrl,
    crossTenant: crossOf(scanUrl),
  },
  'PATCH /api/v1/panel/scans/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ ...(await scanUrl(w)), payload: { name: 'Renamed' } }),
    crossTenant: async (w) => ({ ...(await scanUrl(w)), payload: { name: 'Renamed' }, ...crossAs(w) }),
  },
  'DELETE /api/v1/panel/scans/:id/': {
    expect: workspace(403, 200, 200),
    request: scanUrl,
    crossTenant: crossOf(scanUrl),
  },
  'POST /api/v1/panel/scans/:id/run/': {
    expect: workspace(201, 201, 201),
    request: rerunUrl,
    crossTenant: crossOf(rerunUrl),
  },
  'GET /api/v1/panel/scans/:id/histories': {
    expect: workspace(200, 200, 200),
    request: runUrl,
    crossTenant: crossOf(runUrl),
  },
  'GET /api/v1/panel/scans/:id/histories/:historyId/status': {
    expect: workspace(200, 200, 200),
    request: statusUrl,
    crossTenant: crossOf(statusUrl),
  },
  'GET /api/v1/panel/scans/:id/histories/:historyId/problems/': {
    expect: workspace(200, 200, 200),
    request: problemsUrl,
    crossTenant: crossOf(problemsUrl),
  },
  'POST /api/v1/panel/scans/:id/histories/:historyId/cancel-scan/': {
    expect: workspace(200, 200, 200),
    request: cancelUrl,
    crossTenant: crossOf(cancelUrl),
  },
  'GET /api/v1/panel/scans/:id/histories/:historyId/vulnerabilities/': {
    expect: workspace(200, 200, 200),
    request: runVulnsUrl,
    crossTenant: crossOf(runVulnsUrl),
  },
  'GET /api/v1/panel/scans/:id/histories/:historyId/vulnerabilities/:vulnId/': {
    expect: workspace(200, 200, 200),
    request: runVulnUrl,
    crossTenant: crossOf(runVulnUrl),
  },
  'GET /api/v1/panel/scans/:id/histories/:historyId/vulnerabilities/:vulnId/affected-assets/': {
    expect: workspace(200, 200, 200),
    request: affectedUrl,
    crossTenant: crossOf(affectedUrl),
  },
  'GET /api/v1/panel/scan-schedules/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/scan-schedules/` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/scan-schedules/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/scan-schedules/`,
      payload: { scan: (await scanRunIn(w)).scan, frequency: 'weekly', start_time: '2030-01-01T09:00:00Z' },
    }),
    crossTenant: headerScoped,
  },
  'PATCH /api/v1/panel/scan-schedules/:id/': {
    expect: workspace(200, 200, 200),
    request: schedulePatch,
    crossTenant: crossOf(schedulePatch),
  },
  'GET /api/v1/panel/vulnerabilities/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/vulnerabilities/?severity=high,medium&status=open` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/vulnerabilities/:id/': {
    expect: workspace(200, 200, 200),
    request: vulnUrl,
    crossTenant: crossOf(vulnUrl),
  },
  'PATCH /api/v1/panel/vulnerabilities/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ ...(await vulnUrl(w)), payload: { status: 'in_progress' } }),
    crossTenant: async (w) => ({ ...(await vulnUrl(w)), payload: { status: 'in_progress' }, ...crossAs(w) }),
  },
  'GET /api/v1/panel/dashboard/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/dashboard/` }),
    crossTenant: headerScoped,
  },
};
