/**
 * Permission matrix entries of the report routes (docs/permissions.md "Reports": every member
 * asks for, lists, downloads and deletes the workspace's reports; admins and the owner schedule
 * them), spread into MATRIX by permission-matrix.entries.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import { alertChannels, reportSchedules, reports } from '../src/db/schema.js';
import { reportKey, reportPath } from '../src/reports/report-files.js';
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

/** A finished HTML report of team A, its file on disk. */
async function reportIn(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(reports)
    .values({
      workspace_id: w.team.id,
      scope_kind: 'workspace',
      scope_key: '["workspace"]',
      preset: 'executive',
      format: 'html',
      lang: 'en',
      status: 'done',
      progress: 100,
    })
    .returning({ id: reports.id });
  const key = reportKey(w.team.id, row!.id, 'html');
  const path = reportPath(w.server.config.dataDir, key);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '<!doctype html><p>report</p>');
  await w.server.db.update(reports).set({ file_key: key }).where(eq(reports.id, row!.id));
  return row!.id;
}

async function emailChannelIn(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(alertChannels)
    .values({
      workspace_id: w.team.id,
      name: 'Matrix mail',
      kind: 'email',
      settings: { recipients: ['a@example.com'] },
    })
    .returning({ id: alertChannels.id });
  return row!.id;
}

async function scheduleIn(w: World): Promise<string> {
  const [row] = await w.server.db
    .insert(reportSchedules)
    .values({ workspace_id: w.team.id, channel_id: await emailChannelIn(w), cadence: 'weekly' })
    .returning({ id: reportSchedules.id });
  return row!.id;
}

export const REPORT_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/v1/panel/reports/': {
    expect: workspace(201, 201, 201),
    request: () => ({
      url: `${API}/panel/reports/`,
      payload: { format: 'html', lang: 'en', preset: 'executive' },
    }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/reports/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/reports/` }),
    crossTenant: headerScoped,
  },
  'GET /api/v1/panel/reports/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/`, ...crossAs(w) }),
  },
  'GET /api/v1/panel/reports/:id/download/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/download/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/download/`, ...crossAs(w) }),
  },
  'DELETE /api/v1/panel/reports/:id/': {
    expect: workspace(200, 200, 200),
    request: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/` }),
    crossTenant: async (w) => ({ url: `${API}/panel/reports/${await reportIn(w)}/`, ...crossAs(w) }),
  },
  'GET /api/v1/panel/reports/schedules/': {
    expect: workspace(200, 200, 200),
    request: () => ({ url: `${API}/panel/reports/schedules/` }),
    crossTenant: headerScoped,
  },
  'POST /api/v1/panel/reports/schedules/': {
    expect: workspace(403, 201, 201),
    request: async (w) => ({
      url: `${API}/panel/reports/schedules/`,
      payload: { channel_id: await emailChannelIn(w), cadence: 'monthly' },
    }),
    // The path names nothing; a channel of another workspace in the body answers 400
    // reports.channel_unknown (reports-schedule.test.ts).
    crossTenant: headerScoped,
  },
  'DELETE /api/v1/panel/reports/schedules/:id/': {
    expect: workspace(403, 200, 200),
    request: async (w) => ({ url: `${API}/panel/reports/schedules/${await scheduleIn(w)}/` }),
    crossTenant: async (w) => ({
      url: `${API}/panel/reports/schedules/${await scheduleIn(w)}/`,
      ...crossAs(w),
    }),
  },
};
