/**
 * The findings lifecycle endpoints (issue 32) in the permission matrix: members read, comment,
 * triage and retest; owners and admins change the SLA and the automatic retest (and accept risk,
 * tested in findings-lifecycle.test.ts). Resources of team A asked for from team B answer 404.
 */
import { and, eq } from 'drizzle-orm';
import { assets, vulnerabilities } from '../src/db/schema.js';
import type { MatrixEntry, Role, World } from './permission-matrix.entries.js';
import { crossAs, crossOf, scanRunIn } from './permission-matrix.scans.js';

const API = '/api/v1';
const workspace = (user: number, admin: number, owner: number): Record<Role, number> => ({
  guest: 401,
  outsider: 403,
  user,
  admin,
  owner,
});
const headerScoped = { skip: 'no parameter: scoped by the header' };
const vulnPath = async (w: World) => `${API}/panel/vulnerabilities/${(await scanRunIn(w)).vuln}/`;
/** A finding of team A on an asset that still exists (a retest needs its target). */
const retestPath = async (w: World) => {
  const { vuln } = await scanRunIn(w);
  const [asset] = await w.server.db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.workspace_id, w.team.id), eq(assets.host, 'matrix.test')))
    .limit(1);
  await w.server.db.update(vulnerabilities).set({ asset_id: asset!.id }).where(eq(vulnerabilities.id, vuln));
  return `${API}/panel/vulnerabilities/${vuln}/retest/`;
};
const SLA = { critical: 7, high: 30, medium: 60, low: 180, info: null };

export const FINDING_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/v1/panel/vulnerabilities/:id/history/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${await vulnPath(w)}history/` }),
    crossTenant: crossOf(async (w) => ({ url: `${await vulnPath(w)}history/` })),
  },
  'GET /api/v1/panel/vulnerabilities/:id/comments/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${await vulnPath(w)}comments/` }),
    crossTenant: crossOf(async (w) => ({ url: `${await vulnPath(w)}comments/` })),
  },
  'POST /api/v1/panel/vulnerabilities/:id/comments/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({ url: `${await vulnPath(w)}comments/`, payload: { body: 'looking' } }),
    crossTenant: async (w) => ({
      url: `${await vulnPath(w)}comments/`,
      payload: { body: 'x' },
      ...crossAs(w),
    }),
  },
  'POST /api/v1/panel/vulnerabilities/:id/retest/': {
    expect: workspace(201, 201, 201),
    request: async (w) => ({ url: await retestPath(w), payload: {} }),
    crossTenant: async (w) => ({ url: `${await vulnPath(w)}retest/`, payload: {}, ...crossAs(w) }),
  },
  'GET /api/v1/panel/vulnerabilities/:id/retests/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${await vulnPath(w)}retests/` }),
    crossTenant: crossOf(async (w) => ({ url: `${await vulnPath(w)}retests/` })),
  },
  'POST /api/v1/panel/vulnerabilities/bulk/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({
      url: `${API}/panel/vulnerabilities/bulk/`,
      payload: {
        selection: { ids: [(await scanRunIn(w)).vuln] },
        action: { kind: 'status', status: 'in_progress' },
      },
    }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/findings/sla/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/findings/sla/` }),
    crossTenant: headerScoped,
  },
  'PATCH /api/v1/panel/findings/sla/': {
    expect: workspace(403, 200, 200),
    request: () => ({ url: `${API}/panel/findings/sla/`, payload: SLA }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/findings/auto-retest/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/findings/auto-retest/` }),
    crossTenant: headerScoped,
  },
  'PATCH /api/v1/panel/findings/auto-retest/': {
    expect: workspace(403, 200, 200),
    request: () => ({
      url: `${API}/panel/findings/auto-retest/`,
      payload: { frequency: 'weekly', severities: ['critical', 'high'] },
    }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/findings/summary/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/findings/summary/` }),
    crossTenant: headerScoped,
  },
};
