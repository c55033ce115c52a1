/**
 * /api/v1/panel/reports/schedules/…: weekly or monthly workspace reports mailed through an email
 * alert channel. Members list them; admins and the owner add and remove them, as they manage the
 * channels a schedule sends through (docs/permissions.md).
 */
import {
  envelope,
  reportScheduleInputSchema,
  reportScheduleListSchema,
  reportScheduleSchema,
} from '@didban/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { alertChannels, reportSchedules, schedules } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { nextRunAfter } from '../scheduler/next-run.js';
import { presentReportSchedule } from './present-report.js';
import { REPORT_SCHEDULE_KIND } from './report-schedule-kind.js';

const tags = ['reports'];
const idParams = z.object({ id: z.uuid() });

export function reportScheduleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/reports/schedules/',
      {
        config: { access: 'workspace' },
        schema: {
          tags,
          summary: 'Scheduled reports of the workspace',
          response: { 200: envelope(reportScheduleListSchema) },
        },
      },
      async (request) => {
        const ws = currentWorkspace(request).id;
        const rows = await db
          .select()
          .from(reportSchedules)
          .where(eq(reportSchedules.workspace_id, ws))
          .orderBy(desc(reportSchedules.created_at));
        const slots = rows.length
          ? await db
              .select()
              .from(schedules)
              .where(
                and(
                  eq(schedules.kind, REPORT_SCHEDULE_KIND),
                  inArray(
                    schedules.subject_id,
                    rows.map((r) => r.id),
                  ),
                ),
              )
          : [];
        return {
          data: rows.map((r) =>
            presentReportSchedule(
              r,
              slots.find((s) => s.subject_id === r.id),
            ),
          ),
        };
      },
    );

    app.post(
      '/panel/reports/schedules/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Mail a workspace report weekly or monthly',
          body: reportScheduleInputSchema,
          response: { 201: envelope(reportScheduleSchema) },
        },
      },
      async (request, reply) => {
        const ws = currentWorkspace(request).id;
        const body = request.body;
        const [channel] = await db
          .select({ id: alertChannels.id, kind: alertChannels.kind })
          .from(alertChannels)
          .where(and(eq(alertChannels.id, body.channel_id), eq(alertChannels.workspace_id, ws)));
        if (channel?.kind !== 'email')
          throw new HttpError(
            400,
            'validation',
            'errors.validation',
            {},
            { channel_id: ['reports.channel_unknown'] },
          );
        const start = body.start_time ? new Date(body.start_time) : new Date();
        const result = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(reportSchedules)
            .values({
              workspace_id: ws,
              channel_id: body.channel_id,
              cadence: body.cadence,
              format: body.format,
              lang: body.lang,
              preset: body.preset,
              created_by: currentUser(request).id,
            })
            .returning();
          const plan = { frequency: body.cadence, weekdays: [], start } as const;
          const [slot] = await tx
            .insert(schedules)
            .values({
              workspace_id: ws,
              kind: REPORT_SCHEDULE_KIND,
              subject_id: row!.id,
              frequency: body.cadence,
              start_time: start,
              next_run_at: start.getTime() > Date.now() ? start : nextRunAfter(plan, new Date()),
            })
            .returning();
          return presentReportSchedule(row!, slot);
        });
        return reply.status(201).send({ data: result });
      },
    );

    app.delete(
      '/panel/reports/schedules/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Stop a scheduled report',
          params: idParams,
          response: { 200: envelope(z.object({ deleted: z.boolean() })) },
        },
      },
      async (request) => {
        const ws = currentWorkspace(request).id;
        const deleted = await db.transaction(async (tx) => {
          const rows = await tx
            .delete(reportSchedules)
            .where(and(eq(reportSchedules.id, request.params.id), eq(reportSchedules.workspace_id, ws)))
            .returning({ id: reportSchedules.id });
          if (rows.length)
            await tx
              .delete(schedules)
              .where(
                and(eq(schedules.kind, REPORT_SCHEDULE_KIND), eq(schedules.subject_id, request.params.id)),
              );
          return rows.length > 0;
        });
        if (!deleted) throw notFound();
        return { data: { deleted: true } };
      },
    );
  };
}
