import {
  envelope,
  pagedList,
  pageInfo,
  scanSchedulePatchSchema,
  scanScheduleSchema,
  scanScheduleWriteSchema,
} from '@didban/core';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { schedules } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { presentSchedule } from '../scans/present.js';
import { findScan, UUID } from '../scans/scan-store.js';
import { SCAN_SCHEDULE_KIND } from '../scans/schedule-kind-name.js';
import { nextRunAfter } from '../scheduler/next-run.js';

type Plan = {
  frequency: 'none' | 'daily' | 'weekly' | 'monthly' | 'custom';
  weekdays: number[];
  start: Date | null;
};

/**
 * A plan the scheduler can run: 'custom' needs weekdays; a repeating plan without a start time
 * starts now (its slots keep this time of day).
 */
function settle(plan: Plan) {
  if (plan.frequency === 'custom' && plan.weekdays.length === 0)
    throw new HttpError(
      400,
      'schedule_weekdays_required',
      'scans.schedule_weekdays_required',
      {},
      {
        custom_weekdays: ['scans.schedule_weekdays_required'],
      },
    );
  const start = plan.frequency !== 'none' && !plan.start ? new Date() : plan.start;
  const settled = { ...plan, start };
  // The first slot from now on: the start itself when ahead (or, for custom, its first chosen weekday).
  const next = nextRunAfter(settled, new Date());
  return {
    frequency: plan.frequency,
    weekdays: [...new Set(plan.weekdays)].sort(),
    start_time: start,
    next_run_at: plan.frequency === 'none' ? null : next,
  };
}

/**
 * spec §7 `panel/scan-schedules/`: one schedule per scan (frequency none, daily, weekly, monthly
 * or custom weekdays, and a start time), run by the generic scheduler exactly once per slot
 * however many servers share the database. Members may read and write them.
 */
export function scanScheduleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/scan-schedules/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Scan schedules of the workspace (or of one scan)',
          querystring: z.object({
            scan: z.string().max(100).optional(),
            page: z.coerce.number().int().min(1).max(1_000_000).default(1),
            page_size: z.coerce.number().int().min(1).max(100).default(10),
          }),
          response: { 200: envelope(pagedList(scanScheduleSchema)) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { scan, page, page_size } = request.query;
        const where: SQL[] = [
          eq(schedules.workspace_id, workspaceId),
          eq(schedules.kind, SCAN_SCHEDULE_KIND),
        ];
        if (scan !== undefined)
          where.push(eq(schedules.subject_id, (await findScan(db, workspaceId, scan)).id));
        const [total] = await db
          .select({ n: count() })
          .from(schedules)
          .where(and(...where));
        const rows = await db
          .select()
          .from(schedules)
          .where(and(...where))
          .orderBy(desc(schedules.created_at), desc(schedules.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        return { data: { results: rows.map(presentSchedule), ...pageInfo(total?.n ?? 0, page, page_size) } };
      },
    );

    app.post(
      '/panel/scan-schedules/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: 'Schedule a scan (one schedule per scan; edit it with PATCH)',
          body: scanScheduleWriteSchema,
          response: { 201: envelope(scanScheduleSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const body = request.body;
        const row = await db.transaction(async (tx) => {
          const scan = await findScan(tx, workspaceId, body.scan);
          const values = settle({
            frequency: body.frequency,
            weekdays: body.custom_weekdays ?? [],
            start: body.start_time ? new Date(body.start_time) : null,
          });
          const [created] = await tx
            .insert(schedules)
            .values({
              workspace_id: workspaceId,
              kind: SCAN_SCHEDULE_KIND,
              subject_id: scan.id,
              frequency: values.frequency,
              weekdays: values.weekdays,
              start_time: values.start_time,
              next_run_at: values.next_run_at,
            })
            .onConflictDoNothing()
            .returning();
          if (!created) throw new HttpError(409, 'schedule_exists', 'scans.schedule_exists');
          return created;
        });
        return reply.status(201).send({ data: presentSchedule(row) });
      },
    );

    app.patch(
      '/panel/scan-schedules/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['scans'],
          summary: "Change a scan's schedule (frequency none stops it)",
          params: z.object({ id: z.string().max(100) }),
          body: scanSchedulePatchSchema,
          response: { 200: envelope(scanScheduleSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        if (!UUID.test(request.params.id)) throw notFound();
        const [current] = await db
          .select()
          .from(schedules)
          .where(
            and(
              eq(schedules.id, request.params.id),
              eq(schedules.workspace_id, workspaceId),
              eq(schedules.kind, SCAN_SCHEDULE_KIND),
            ),
          );
        if (!current) throw notFound();
        const body = request.body;
        const values = settle({
          frequency: body.frequency ?? (current.frequency as Plan['frequency']),
          weekdays: body.custom_weekdays ?? current.weekdays,
          start:
            body.start_time !== undefined
              ? body.start_time
                ? new Date(body.start_time)
                : null
              : current.start_time,
        });
        const [row] = await db
          .update(schedules)
          .set({ ...values, updated_at: sql`now()` })
          .where(eq(schedules.id, current.id))
          .returning();
        return { data: presentSchedule(row!) };
      },
    );
  };
}
