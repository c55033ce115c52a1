import {
  affectedAssetSchema,
  envelope,
  pagedList,
  pageInfo,
  pageQuery,
  scanHistoryProblemsSchema,
  scanHistorySchema,
  scanHistoryStatusSchema,
  vulnerabilityDetailSchema,
  vulnerabilitySchema,
} from '@didban/core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { scanHistories, scanHistoryVulnerabilities } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { historyFindingCounts } from '../scans/finish-scan-run.js';
import { presentHistory, presentHistoryProblems } from '../scans/present.js';
import { findHistory, findScan, UUID } from '../scans/scan-store.js';
import { affectedAssets, findVulnerability, vulnerabilityDetail } from '../scans/vulnerability-detail.js';
import { listHistoryVulnerabilities } from '../scans/vulnerability-list.js';
import { vulnerabilityListQuery } from '../scans/vulnerability-query.js';
import { cancelActiveRuns } from './scans.js';

const historyParams = z.object({ id: z.string().max(100), historyId: z.string().max(100) });
const vulnParams = historyParams.extend({ vulnId: z.string().max(100) });
const statusOf = (h: typeof scanHistories.$inferSelect) => ({
  status: h.status,
  tasks_done: h.tasks_done,
  total_task: h.total_task,
});

/**
 * spec §7 scan runs: a scan's histories (newest first), a run's status (polled every 5 s by the
 * progress page), cancel-scan, and a run's vulnerabilities with their detail and affected assets.
 * Members of the workspace may read and cancel; another workspace's ids answer 404.
 */
export function scanHistoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    /** The vulnerability, only if this run saw it or found it fixed. */
    async function vulnOfRun(workspaceId: string, p: z.infer<typeof vulnParams>) {
      const { history } = await findHistory(db, workspaceId, p.id, p.historyId);
      if (!UUID.test(p.vulnId)) throw notFound();
      const [link] = await db
        .select({ id: scanHistoryVulnerabilities.vulnerability_id })
        .from(scanHistoryVulnerabilities)
        .where(
          and(
            eq(scanHistoryVulnerabilities.history_id, history.id),
            eq(scanHistoryVulnerabilities.vulnerability_id, p.vulnId),
          ),
        );
      if (!link) throw notFound();
      return findVulnerability(db, workspaceId, p.vulnId);
    }

    app.get(
      '/panel/scans/:id/histories',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Runs of a scan, newest first',
          params: z.object({ id: z.string().max(100) }),
          querystring: pageQuery,
          response: { 200: envelope(pagedList(scanHistorySchema)) },
        },
      },
      async (request) => {
        const scan = await findScan(db, currentWorkspace(request).id, request.params.id);
        const { page, page_size } = request.query;
        const [total] = await db
          .select({ n: count() })
          .from(scanHistories)
          .where(eq(scanHistories.scan_id, scan.id));
        const rows = await db
          .select()
          .from(scanHistories)
          .where(eq(scanHistories.scan_id, scan.id))
          .orderBy(desc(scanHistories.created_at), desc(scanHistories.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const counts = await historyFindingCounts(
          db,
          rows.map((r) => r.id),
        );
        return {
          data: {
            results: rows.map((h) => presentHistory(h, counts.get(h.id)!)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.get(
      '/panel/scans/:id/histories/:historyId/status',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'A run: status, tasks done and total (null until split)',
          params: historyParams,
          response: { 200: envelope(scanHistoryStatusSchema) },
        },
      },
      async (request) => {
        const p = request.params;
        const { history } = await findHistory(db, currentWorkspace(request).id, p.id, p.historyId);
        return { data: statusOf(history) };
      },
    );

    app.get(
      '/panel/scans/:id/histories/:historyId/problems/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'A run: templates it skipped and failures, with the engine reasons (first 200)',
          params: historyParams,
          response: { 200: envelope(scanHistoryProblemsSchema) },
        },
      },
      async (request) => {
        const p = request.params;
        const { history } = await findHistory(db, currentWorkspace(request).id, p.id, p.historyId);
        return { data: presentHistoryProblems(history) };
      },
    );

    app.post(
      '/panel/scans/:id/histories/:historyId/cancel-scan/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Cancel a run: queued tasks are dropped, running ones stop at their next heartbeat',
          params: historyParams,
          response: { 200: envelope(scanHistoryStatusSchema) },
        },
      },
      async (request) => {
        const p = request.params;
        const workspaceId = currentWorkspace(request).id;
        const cancelled = await db.transaction(async (tx) => {
          const { history } = await findHistory(tx, workspaceId, p.id, p.historyId);
          const [row] = await tx
            .update(scanHistories)
            .set({ status: 'cancelled', finished_at: sql`now()`, updated_at: sql`now()` })
            .where(
              and(
                eq(scanHistories.id, history.id),
                inArray(scanHistories.status, ['initializing', 'running']),
              ),
            )
            .returning();
          if (!row) throw new HttpError(409, 'not_running', 'scans.not_running');
          await cancelActiveRuns(tx, row.id);
          return row;
        });
        return { data: statusOf(cancelled) };
      },
    );

    app.get(
      '/panel/scans/:id/histories/:historyId/vulnerabilities/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'What a run found and what it found fixed, most severe first',
          params: historyParams,
          querystring: vulnerabilityListQuery.omit({ scan: true, asset: true }),
          response: { 200: envelope(pagedList(vulnerabilitySchema)) },
        },
      },
      async (request) => {
        const p = request.params;
        const { history } = await findHistory(db, currentWorkspace(request).id, p.id, p.historyId);
        return { data: await listHistoryVulnerabilities(db, history.id, request.query) };
      },
    );

    app.get(
      '/panel/scans/:id/histories/:historyId/vulnerabilities/:vulnId/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'A finding: template info, evidence, a curl command, status history',
          params: vulnParams,
          response: { 200: envelope(vulnerabilityDetailSchema) },
        },
      },
      async (request) => {
        const row = await vulnOfRun(currentWorkspace(request).id, request.params);
        return { data: await vulnerabilityDetail(db, row) };
      },
    );

    app.get(
      '/panel/scans/:id/histories/:historyId/vulnerabilities/:vulnId/affected-assets/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Assets where the same template and matcher matched',
          params: vulnParams,
          response: { 200: envelope(z.array(affectedAssetSchema)) },
        },
      },
      async (request) => {
        const row = await vulnOfRun(currentWorkspace(request).id, request.params);
        return { data: await affectedAssets(db, row) };
      },
    );
  };
}
