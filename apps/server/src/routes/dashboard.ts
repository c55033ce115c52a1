import { dashboardSchema, envelope, WORKER_ONLINE_SECONDS } from '@didban/core';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { severityBreakdown, workspaceAssetCount, workspaceVulnerabilityCells } from '../counters/counters.js';
import { assetGroups, workers } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { scanStatistics } from './scans.js';

/**
 * `GET panel/dashboard/` (spec §1 home): scan statistics, group and asset counts, open
 * vulnerabilities by severity (unknown counted as info) and the workspace's workers by country
 * with how many are online (the installation's built-in worker counts for every workspace).
 */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/dashboard/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['dashboard'],
          summary: 'Home page: scans, assets, open vulnerabilities by severity, workers by country',
          response: { 200: envelope(dashboardSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        // Five small independent reads: on PostgreSQL they run at once on pooled connections, so the
        // page waits for the slowest, not for the sum (on a loaded server that is most of its time).
        const [[groups], assetCount, cells, workerRows, scans] = await Promise.all([
          db.select({ n: count() }).from(assetGroups).where(eq(assetGroups.workspace_id, workspaceId)),
          workspaceAssetCount(db, workspaceId),
          workspaceVulnerabilityCells(db, workspaceId),
          db
            .select({
              country: workers.country,
              total: sql<number>`count(*)::int`,
              online: sql<number>`count(*) filter (where ${workers.last_seen_at} > now() - make_interval(secs => ${WORKER_ONLINE_SECONDS}))::int`,
            })
            .from(workers)
            .where(
              and(
                isNull(workers.revoked_at),
                or(eq(workers.workspace_id, workspaceId), eq(workers.builtin, true)),
              ),
            )
            .groupBy(workers.country)
            .orderBy(sql`count(*) desc`),
          scanStatistics(db, workspaceId),
        ]);
        const counts = severityBreakdown(cells, ['open', 'in_progress']);
        return {
          data: {
            scans,
            asset_groups: groups?.n ?? 0,
            assets: assetCount,
            vulnerabilities: counts,
            workers: workerRows.map((w) => ({
              country: w.country ? w.country.toUpperCase() : null,
              total: w.total,
              online: w.online,
            })),
          },
        };
      },
    );
  };
}
