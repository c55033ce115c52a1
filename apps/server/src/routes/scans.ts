import {
  bulkScanResponseSchema,
  bulkScanSchema,
  envelope,
  pagedList,
  pageInfo,
  scanCreatedSchema,
  scanCreateSchema,
  scanPatchSchema,
  scanRunStartedSchema,
  scanSchema,
  scanStatisticsSchema,
} from '@didban/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { assertWithinLimit } from '../billing/limits.js';
import { scanChunks, scanHistories, scans, schedules } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { cancelTask } from '../queue/queue.js';
import type { Tx } from '../queue/task-kinds.js';
import { presentHistory } from '../scans/present.js';
import { resolveScanTemplates } from '../scans/resolve-scan-templates.js';
import { checkAssets, checkGroups, checkName, checkWorkerGroup } from '../scans/scan-input.js';
import { scanFilters, scanListQuery, scanOrdering } from '../scans/scan-list-query.js';
import '../scans/scan-chunk-kind.js';
import '../scans/scan-schedule-kind.js';
import { activeHistory, findScan, listStatusSql, presentScan, presentScans } from '../scans/scan-store.js';
import { SCAN_SCHEDULE_KIND } from '../scans/schedule-kind-name.js';
import { startScanRun } from '../scans/start-scan-run.js';
import { scanFilterValueRoutes } from './scans-filter-values.js';

const scanParams = z.object({ id: z.string().max(100) });
const emptyCounts = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };

/** Scan statistics of a workspace (spec §2 /scans cards; also the home dashboard). */
export async function scanStatistics(db: Tx, workspaceId: string) {
  const [row] = await db
    .select({
      total: count(),
      running: sql<number>`count(*) filter (where ${listStatusSql} in ('running', 'initializing'))::int`,
      completed: sql<number>`count(*) filter (where ${listStatusSql} = 'finished')::int`,
    })
    .from(scans)
    .where(eq(scans.workspace_id, workspaceId));
  const [scheduled] = await db
    .select({ n: count() })
    .from(schedules)
    .where(
      and(
        eq(schedules.workspace_id, workspaceId),
        eq(schedules.kind, SCAN_SCHEDULE_KIND),
        sql`${schedules.next_run_at} is not null`,
      ),
    );
  return {
    total: row?.total ?? 0,
    running: row?.running ?? 0,
    completed: row?.completed ?? 0,
    scheduled: scheduled?.n ?? 0,
  };
}

/** Start a run now, counted against the plan's scans this month (in the caller's transaction). */
async function runNow(tx: Tx, scan: typeof scans.$inferSelect, trigger: 'manual' | 'bulk', userId: string) {
  if (await activeHistory(tx, scan.id)) throw new HttpError(409, 'already_running', 'scans.already_running');
  await assertWithinLimit(tx, scan.workspace_id, 'scans', 1);
  return startScanRun(tx, scan, trigger, userId);
}

/** Cancel every run of a scan still going: queued chunks are dropped, running ones told to stop. */
export async function cancelActiveRuns(tx: Tx, historyId: string) {
  const chunks = await tx
    .update(scanChunks)
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where(and(eq(scanChunks.history_id, historyId), eq(scanChunks.status, 'queued')))
    .returning({ task_id: scanChunks.task_id });
  for (const c of chunks) if (c.task_id) await cancelTask(tx, c.task_id);
}

/**
 * spec §7 scans: list, statistics, get/patch/delete, create (with a first run unless run_now is
 * false), run again, bulk create on groups or assets. Members read, create, run and edit; deleting
 * a scan needs an admin (docs/permissions.md "Scans"). Another workspace's ids answer 404; its
 * groups and assets in a body answer 400 scans.group_unknown / scans.asset_unknown.
 */
export function scanRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    await app.register(scanFilterValueRoutes(deps));

    app.get(
      '/panel/scans/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Scans, searched, filtered (comma-joined keys; asset keys match targets) and paged',
          querystring: scanListQuery,
          response: { 200: envelope(pagedList(scanSchema)) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const q = request.query;
        const where = and(...scanFilters(workspaceId, q));
        const [total] = await db.select({ n: count() }).from(scans).where(where);
        const rows = await db
          .select()
          .from(scans)
          .where(where)
          .orderBy(...scanOrdering(q.ordering))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size);
        return {
          data: { results: await presentScans(db, rows), ...pageInfo(total?.n ?? 0, q.page, q.page_size) },
        };
      },
    );

    app.get(
      '/panel/scans/statistics',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Scan counts: total, running, completed, scheduled',
          response: { 200: envelope(scanStatisticsSchema) },
        },
      },
      async (request) => ({ data: await scanStatistics(db, currentWorkspace(request).id) }),
    );

    app.post(
      '/panel/scans/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Create a scan of one asset group; starts a first run unless run_now is false',
          body: scanCreateSchema,
          response: { 201: envelope(scanCreatedSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const userId = currentUser(request).id;
        const body = request.body;
        const name = checkName(body.name);
        if (body.asset_group.length === 0)
          throw new HttpError(
            400,
            'group_required',
            'scans.group_required',
            {},
            {
              asset_group: ['scans.group_required'],
            },
          );
        const created = await db.transaction(async (tx) => {
          const groups = await checkGroups(tx, workspaceId, body.asset_group);
          const workerGroup = await checkWorkerGroup(tx, workspaceId, body.worker_group);
          await resolveScanTemplates(tx, workspaceId, body.template_ids, body.template_tags);
          const [scan] = await tx
            .insert(scans)
            .values({
              workspace_id: workspaceId,
              name,
              asset_group_ids: groups,
              template_ids: body.template_ids,
              template_tags: body.template_tags,
              worker_group_id: workerGroup,
              self_contained: body.self_contained ?? false,
              dast: body.dast ?? false,
              created_by: userId,
            })
            .returning();
          const run = body.run_now === false ? null : await runNow(tx, scan!, 'manual', userId);
          return { scan: scan!, run };
        });
        return reply.status(201).send({
          data: {
            ...(await presentScan(db, created.scan)),
            scan_history_id: created.run?.history.id ?? null,
            // Its groups' wildcard records are never scanned; the panel says how many it left out.
            skipped_wildcards: created.run?.skippedWildcards ?? 0,
          },
        });
      },
    );

    app.post(
      '/panel/scans/bulk-create/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Scan several asset groups or a set of assets now; answers the scan and its run',
          body: bulkScanSchema,
          response: { 201: envelope(bulkScanResponseSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const userId = currentUser(request).id;
        const body = request.body;
        const name = checkName(body.name);
        const groupIds = body.asset_groups ?? [];
        const assetIds = body.assets ?? [];
        if ((groupIds.length === 0) === (assetIds.length === 0))
          throw new HttpError(400, 'targets_required', 'scans.targets_required');
        const { scan, run } = await db.transaction(async (tx) => {
          const groups = groupIds.length ? await checkGroups(tx, workspaceId, groupIds, 'asset_groups') : [];
          const picked = assetIds.length ? await checkAssets(tx, workspaceId, assetIds) : [];
          const workerGroup = await checkWorkerGroup(tx, workspaceId, body.worker_group);
          await resolveScanTemplates(tx, workspaceId, body.template_ids, body.template_tags);
          const [row] = await tx
            .insert(scans)
            .values({
              workspace_id: workspaceId,
              name,
              asset_group_ids: groups,
              asset_ids: picked,
              template_ids: body.template_ids,
              template_tags: body.template_tags,
              worker_group_id: workerGroup,
              self_contained: body.self_contained ?? false,
              dast: body.dast ?? false,
              created_by: userId,
            })
            .returning();
          return { scan: row!, run: await runNow(tx, row!, 'bulk', userId) };
        });
        return reply.status(201).send({
          data: {
            scan_id: scan.id,
            scan_history_id: run.history.id,
            skipped_wildcards: run.skippedWildcards,
          },
        });
      },
    );

    app.get(
      '/panel/scans/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'A scan with its latest run, schedule and open findings',
          params: scanParams,
          response: { 200: envelope(scanSchema) },
        },
      },
      async (request) => ({
        data: await presentScan(db, await findScan(db, currentWorkspace(request).id, request.params.id)),
      }),
    );

    app.patch(
      '/panel/scans/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Change a scan; a run already going keeps what it started with',
          params: scanParams,
          body: scanPatchSchema,
          response: { 200: envelope(scanSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const body = request.body;
        const updated = await db.transaction(async (tx) => {
          const scan = await findScan(tx, workspaceId, request.params.id);
          const set: Partial<typeof scans.$inferInsert> = {};
          if (body.name !== undefined) set.name = checkName(body.name);
          if (body.asset_group !== undefined) {
            if (body.asset_group.length === 0)
              throw new HttpError(
                400,
                'group_required',
                'scans.group_required',
                {},
                {
                  asset_group: ['scans.group_required'],
                },
              );
            set.asset_group_ids = await checkGroups(tx, workspaceId, body.asset_group);
            set.asset_ids = [];
          }
          if (body.worker_group !== undefined)
            set.worker_group_id = await checkWorkerGroup(tx, workspaceId, body.worker_group);
          if (body.template_ids !== undefined) set.template_ids = body.template_ids;
          if (body.template_tags !== undefined) set.template_tags = body.template_tags;
          if (body.self_contained !== undefined) set.self_contained = body.self_contained;
          if (body.dast !== undefined) set.dast = body.dast;
          if (body.template_ids !== undefined || body.template_tags !== undefined)
            await resolveScanTemplates(
              tx,
              workspaceId,
              set.template_ids ?? scan.template_ids,
              set.template_tags ?? scan.template_tags,
            );
          const [row] = await tx
            .update(scans)
            .set({ ...set, updated_at: sql`now()` })
            .where(eq(scans.id, scan.id))
            .returning();
          return row!;
        });
        return { data: await presentScan(db, updated) };
      },
    );

    app.delete(
      '/panel/scans/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['scans'],
          summary: 'Delete a scan (admins); its runs stop; the vulnerabilities it found stay',
          params: scanParams,
          response: { 200: z.object({ data: z.object({ deleted: z.boolean() }) }) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        await db.transaction(async (tx) => {
          const scan = await findScan(tx, workspaceId, request.params.id);
          const active = await tx
            .select({ id: scanHistories.id })
            .from(scanHistories)
            .where(eq(scanHistories.scan_id, scan.id));
          for (const h of active) await cancelActiveRuns(tx, h.id);
          await tx
            .delete(schedules)
            .where(and(eq(schedules.kind, SCAN_SCHEDULE_KIND), eq(schedules.subject_id, scan.id)));
          await tx.delete(scans).where(eq(scans.id, scan.id));
        });
        return { data: { deleted: true } };
      },
    );

    app.post(
      '/panel/scans/:id/run/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Start a new run of a scan now (409 while one is going)',
          params: scanParams,
          response: { 201: envelope(scanRunStartedSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const run = await db.transaction(async (tx) => {
          const scan = await findScan(tx, workspaceId, request.params.id);
          return runNow(tx, scan, 'manual', currentUser(request).id);
        });
        return reply.status(201).send({
          data: { ...presentHistory(run.history, emptyCounts), skipped_wildcards: run.skippedWildcards },
        });
      },
    );
  };
}
