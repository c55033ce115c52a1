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
        const [groups] = await db
          .select({ n: count() })
          .from(assetGroups)
          .where(eq(assetGroups.workspace_id, workspaceId));
        // Counters (migration 0019): a few rows, however many assets and findings there are.
        const assetCount = await workspaceAssetCount(db, workspaceId);
        const counts = severityBreakdown(await workspaceVulnerabilityCells(db, workspaceId), [
          'open',
          'in_progress',
        ]);
        const workerRows = await db
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
          .orderBy(sql`count(*) desc`);
        return {
          data: {
            scans: await scanStatistics(db, workspaceId),
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
