import {
  apiErrorSchema,
  discoveryStartedSchema,
  type ENUMERATION_FREQUENCIES,
  type EnumerationSchedule,
  enumerationPatchSchema,
  enumerationSchedulePatchSchema,
  enumerationScheduleSchema,
  enumerationScheduleWriteSchema,
  enumerationSchema,
  enumerationStatusSchema,
  envelope,
  historyComparisonSchema,
} from '@didban/core';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import '../assets/enumeration-schedule-kind.js';
import { checkPlan, firstSlot } from '../assets/group-schedule.js';
import { findGroup, GroupValidationError, groupColumns, runningHistory } from '../assets/groups.js';
import { diffAsset } from '../assets/history-snapshot.js';
import { workspaceHistory } from '../assets/inventory.js';
import { isUuid } from '../assets/inventory-query.js';
import { ENUMERATION_SCHEDULE_KIND } from '../assets/schedule-kind-name.js';
import type { Db } from '../db/database.js';
import { assetGroups, assetSnapshots, assets, enumerationHistories, schedules } from '../db/schema.js';
import { assertCanDiscover, planCapFields } from '../discovery/plan-cap.js';
import { presentEnumerationHistory } from '../discovery/present-asset.js';
import { cancelEnumeration, startDiscovery } from '../discovery/start-discovery.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';
import { planOf, type ScheduleRow } from '../scheduler/scheduler.js';

const idParams = z.object({ id: z.string().max(100) });
const startBody = z.object({ asset_group_id: z.string().max(100) });
const deleted = z.object({ data: z.object({ deleted: z.boolean() }) });
const running = () => new HttpError(409, 'discovery_running', 'assets.discovery_running');

function presentSchedule(row: ScheduleRow): EnumerationSchedule {
  return {
    id: row.id,
    asset_group: row.subject_id,
    frequency: row.frequency as (typeof ENUMERATION_FREQUENCIES)[number],
    custom_weekdays: row.weekdays,
    start_time: row.start_time?.toISOString() ?? null,
    next_run_at: row.next_run_at?.toISOString() ?? null,
    last_run_at: row.last_run_at?.toISOString() ?? null,
  };
}

/**
 * spec §7 enumerations: start, read and change a group's enumeration (its id is the group's),
 * re-discovery, status, cancel, history comparison and schedules. Any workspace member may use
 * them (docs/permissions.md "Assets"); another workspace's ids answer 404.
 */
export function assetEnumerationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  const start = async (workspaceId: string, groupId: string) =>
    db.transaction(async (tx) => {
      const group = await findGroup(tx, workspaceId, groupId);
      // Lock the group so two clicks cannot start two runs.
      await tx
        .select({ id: assetGroups.id })
        .from(assetGroups)
        .where(eq(assetGroups.id, group.id))
        .for('update');
      if (await runningHistory(tx, group.id)) throw running();
      // At the plan's asset limit only a group holding assets may be re-discovered (403 plan_limit).
      await assertCanDiscover(tx, workspaceId, group.id);
      const { history } = await startDiscovery(tx as Db, group.id);
      return { enumeration_id: group.id, history_id: history.id, status: history.status };
    });

  const enumerationOf = async (tx: Tx, workspaceId: string, groupId: string) => {
    const group = await findGroup(tx, workspaceId, groupId);
    const history = await tx
      .select()
      .from(enumerationHistories)
      .where(eq(enumerationHistories.group_id, group.id))
      .orderBy(desc(enumerationHistories.started_at), desc(enumerationHistories.id));
    return {
      id: group.id,
      asset_group: group.id,
      status: group.status,
      auto_discovery: group.auto_discovery,
      port_setting: group.port_setting,
      custom_ports: group.custom_ports,
      scope: { include: group.scope_include, exclude: group.scope_exclude },
      history: history.map(presentEnumerationHistory),
    };
  };

  const findSchedule = async (workspaceId: string, id: string) => {
    if (!isUuid(id)) throw notFound();
    const [row] = await db
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.id, id),
          eq(schedules.workspace_id, workspaceId),
          eq(schedules.kind, ENUMERATION_SCHEDULE_KIND),
        ),
      );
    if (!row) throw notFound();
    return row;
  };

  return async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof GroupValidationError) return reply.status(400).send(error.body(request.lang));
      throw error;
    });

    for (const url of ['/panel/enumerations/', '/panel/asset-rediscovery/']) {
      app.post(
        url,
        {
          config: { access: 'workspace' },
          schema: {
            tags: ['assets'],
            summary: 'Start a discovery of an asset group now (409 while one is running)',
            body: startBody,
            response: { 201: envelope(discoveryStartedSchema), 409: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const started = await start(currentWorkspace(request).id, request.body.asset_group_id);
          return reply.status(201).send({ data: started });
        },
      );
    }

    app.get(
      '/panel/enumerations/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'A group’s enumeration: discovery settings and its history, newest first',
          params: idParams,
          response: { 200: envelope(enumerationSchema) },
        },
      },
      async (request) => ({ data: await enumerationOf(db, currentWorkspace(request).id, request.params.id) }),
    );

    app.patch(
      '/panel/enumerations/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Change discovery settings: auto discovery, ports, scope include/exclude',
          params: idParams,
          body: enumerationPatchSchema,
          response: { 200: envelope(enumerationSchema), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const group = await findGroup(db, workspaceId, request.params.id);
        const columns = groupColumns(request.body, group);
        await db
          .update(assetGroups)
          .set({
            auto_discovery: columns.auto_discovery,
            port_setting: columns.port_setting,
            custom_ports: columns.custom_ports,
            scope_include: columns.scope_include,
            scope_exclude: columns.scope_exclude,
            updated_at: sql`now()`,
          })
          .where(eq(assetGroups.id, group.id));
        return { data: await enumerationOf(db, workspaceId, group.id) };
      },
    );

    app.get(
      '/panel/enumeration-status/:id',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'Status of an enumeration (group id: its latest run) or of one history, for the loading page',
          params: idParams,
          response: { 200: envelope(enumerationStatusSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { id } = request.params;
        if (!isUuid(id)) throw notFound();
        const [byHistory] = await db
          .select()
          .from(enumerationHistories)
          .where(and(eq(enumerationHistories.id, id), eq(enumerationHistories.workspace_id, workspaceId)));
        const group = await findGroup(db, workspaceId, byHistory?.group_id ?? id);
        const [history] = byHistory
          ? [byHistory]
          : await db
              .select()
              .from(enumerationHistories)
              .where(eq(enumerationHistories.group_id, group.id))
              .orderBy(desc(enumerationHistories.started_at))
              .limit(1);
        const [assetCount] = await db
          .select({ n: count() })
          .from(assets)
          // Live assets, as the group's inventory counts them (gone ones are out of it).
          .where(and(eq(assets.group_id, group.id), isNull(assets.gone_at)));
        return {
          data: {
            enumeration_id: group.id,
            history_id: history?.id ?? null,
            status: history?.status ?? group.status,
            new_assets: history?.new_assets ?? 0,
            asset_count: assetCount?.n ?? 0,
            outcome: history?.outcome ?? null,
            ...planCapFields(history),
          },
        };
      },
    );

    app.post(
      '/panel/enumerations/:enumId/histories/:historyId/cancel-scan/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Cancel a running discovery (empty body); 409 when it is not running',
          params: z.object({ enumId: z.string().max(100), historyId: z.string().max(100) }),
          response: { 200: envelope(enumerationStatusSchema), 409: apiErrorSchema },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { enumId, historyId } = request.params;
        if (!isUuid(historyId)) throw notFound();
        const group = await findGroup(db, workspaceId, enumId);
        const history = await workspaceHistory(db, workspaceId, historyId);
        if (history.group_id !== group.id) throw notFound();
        if (history.status !== 'running')
          throw new HttpError(409, 'not_running', 'assets.history_not_running');
        const cancelled = await cancelEnumeration(db, workspaceId, history.id);
        const [assetCount] = await db
          .select({ n: count() })
          .from(assets)
          // Live assets, as the group's inventory counts them (gone ones are out of it).
          .where(and(eq(assets.group_id, group.id), isNull(assets.gone_at)));
        return {
          data: {
            enumeration_id: group.id,
            history_id: cancelled.id,
            status: cancelled.status,
            new_assets: cancelled.new_assets,
            asset_count: assetCount?.n ?? 0,
            outcome: cancelled.outcome ?? null,
            ...planCapFields(cancelled),
          },
        };
      },
    );

    app.get(
      '/panel/compare_histories/:a/:b/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'Compare two finished histories of one group: assets added in b, removed since a, changed fields',
          params: z.object({ a: z.string().max(100), b: z.string().max(100) }),
          response: { 200: envelope(historyComparisonSchema), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { a, b } = request.params;
        if (!isUuid(a) || !isUuid(b)) throw notFound();
        const from = await workspaceHistory(db, workspaceId, a);
        const to = await workspaceHistory(db, workspaceId, b);
        if (from.group_id !== to.group_id)
          throw new HttpError(400, 'compare_other_group', 'assets.compare_other_group');
        const load = async (historyId: string) =>
          new Map(
            (
              await db
                .select({ id: assetSnapshots.asset_id, data: assetSnapshots.data })
                .from(assetSnapshots)
                .where(eq(assetSnapshots.history_id, historyId))
                .orderBy(assetSnapshots.host, assetSnapshots.port)
            ).map((r) => [r.id, r.data]),
          );
        const before = await load(from.id);
        const after = await load(to.id);
        const added = [...after.entries()].filter(([id]) => !before.has(id)).map(([, d]) => d);
        const removed = [...before.entries()].filter(([id]) => !after.has(id)).map(([, d]) => d);
        const changed = [...after.entries()]
          .filter(([id]) => before.has(id))
          .map(([id, asset]) => ({ asset, changes: diffAsset(before.get(id)!, asset) }))
          .filter((c) => c.changes.length > 0);
        return {
          data: {
            from: presentEnumerationHistory(from),
            to: presentEnumerationHistory(to),
            added,
            removed,
            changed,
          },
        };
      },
    );

    app.post(
      '/panel/enumerations-schedules/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'Schedule a group’s discovery: none, daily, weekly, monthly, or custom weekdays, from a start time',
          body: enumerationScheduleWriteSchema,
          response: { 201: envelope(enumerationScheduleSchema), 400: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const body = request.body;
        const group = await findGroup(db, workspaceId, body.asset_group);
        const plan = {
          frequency: body.frequency,
          weekdays: [...new Set(body.custom_weekdays ?? [])].sort(),
          start: body.start_time ? new Date(body.start_time) : null,
        };
        checkPlan(plan);
        const [row] = await db
          .insert(schedules)
          .values({
            workspace_id: workspaceId,
            kind: ENUMERATION_SCHEDULE_KIND,
            subject_id: group.id,
            frequency: plan.frequency,
            weekdays: plan.weekdays,
            start_time: plan.start,
            next_run_at: firstSlot(plan),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new HttpError(409, 'schedule_exists', 'assets.schedule_exists');
        return reply.status(201).send({ data: presentSchedule(row) });
      },
    );

    app.get(
      '/panel/enumerations-schedules/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'One enumeration schedule with its next and last run',
          params: idParams,
          response: { 200: envelope(enumerationScheduleSchema) },
        },
      },
      async (request) => ({
        data: presentSchedule(await findSchedule(currentWorkspace(request).id, request.params.id)),
      }),
    );

    app.patch(
      '/panel/enumerations-schedules/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Change an enumeration schedule (the next run is recomputed)',
          params: idParams,
          body: enumerationSchedulePatchSchema,
          response: { 200: envelope(enumerationScheduleSchema), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const current = await findSchedule(currentWorkspace(request).id, request.params.id);
        const body = request.body;
        const plan = {
          frequency: body.frequency ?? current.frequency,
          weekdays: body.custom_weekdays ? [...new Set(body.custom_weekdays)].sort() : current.weekdays,
          start:
            body.start_time !== undefined
              ? body.start_time
                ? new Date(body.start_time)
                : null
              : planOf(current).start,
        };
        checkPlan(plan);
        const [row] = await db
          .update(schedules)
          .set({
            frequency: plan.frequency,
            weekdays: plan.weekdays,
            start_time: plan.start,
            next_run_at: firstSlot(plan),
            updated_at: sql`now()`,
          })
          .where(eq(schedules.id, current.id))
          .returning();
        return { data: presentSchedule(row!) };
      },
    );

    app.delete(
      '/panel/enumerations-schedules/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Remove an enumeration schedule',
          params: idParams,
          response: { 200: deleted },
        },
      },
      async (request) => {
        const current = await findSchedule(currentWorkspace(request).id, request.params.id);
        await db.delete(schedules).where(eq(schedules.id, current.id));
        return { data: { deleted: true } };
      },
    );
  };
}
