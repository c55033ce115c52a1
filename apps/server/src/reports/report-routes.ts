/**
 * /api/v1/panel/reports/…: ask for a report (queued, built by the report loop), list, poll,
 * download and delete. Every member of the workspace may do each (a report shows what every
 * member can already read); another workspace's report answers 404.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  envelope,
  pageInfo,
  pageQuery,
  reportCreateSchema,
  reportListSchema,
  reportSchema,
} from '@didban/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { reports } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { presentReport } from './present-report.js';
import { removeFile, reportPath } from './report-files.js';
import { queueReport } from './report-request.js';
import { reportScheduleRoutes } from './schedule-routes.js';

const tags = ['reports'];
const member = <S extends object>(schema: S) => ({
  config: { access: 'workspace' as const },
  schema: { tags, ...schema },
});
const idParams = z.object({ id: z.uuid() });

export function reportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const retention = config.reports.retentionDays;

  const reportOf = async (request: FastifyRequest & { params: { id: string } }) => {
    const [row] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.id, request.params.id), eq(reports.workspace_id, currentWorkspace(request).id)));
    if (!row) throw notFound();
    return row;
  };

  return async (app) => {
    await app.register(reportScheduleRoutes(deps));

    app.post(
      '/panel/reports/',
      member({
        summary: 'Queue a report',
        body: reportCreateSchema,
        response: { 201: envelope(reportSchema) },
      }),
      async (request, reply) => {
        const row = await queueReport(
          db,
          currentWorkspace(request).id,
          currentUser(request).id,
          request.body,
        );
        return reply.status(201).send({ data: presentReport(row, retention) });
      },
    );

    app.get(
      '/panel/reports/',
      member({
        summary: 'Reports of the workspace, newest first',
        querystring: pageQuery,
        response: { 200: envelope(reportListSchema) },
      }),
      async (request) => {
        const { page, page_size } = request.query;
        const ws = currentWorkspace(request).id;
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(reports)
            .where(eq(reports.workspace_id, ws))
            .orderBy(desc(reports.created_at), desc(reports.id))
            .limit(page_size)
            .offset((page - 1) * page_size),
          db.select({ n: count() }).from(reports).where(eq(reports.workspace_id, ws)),
        ]);
        return {
          data: {
            results: rows.map((r) => presentReport(r, retention)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.get(
      '/panel/reports/:id/',
      member({
        summary: 'A report and its progress',
        params: idParams,
        response: { 200: envelope(reportSchema) },
      }),
      async (request) => ({ data: presentReport(await reportOf(request), retention) }),
    );

    app.get(
      '/panel/reports/:id/download/',
      member({ summary: 'The report file (PDF or HTML) as an attachment', params: idParams }),
      async (request, reply) => {
        const row = await reportOf(request);
        if (row.status !== 'done' || !row.file_key)
          throw new HttpError(409, 'report_not_ready', 'reports.not_ready');
        const path = reportPath(config.dataDir, row.file_key);
        const size = await stat(path).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) throw new HttpError(410, 'report_file_gone', 'reports.file_gone');
        const name = `didban-report-${row.created_at.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}.${row.format}`;
        return reply
          .type(row.format === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(createReadStream(path));
      },
    );

    app.delete(
      '/panel/reports/:id/',
      member({
        summary: 'Delete a report and its file',
        params: idParams,
        response: { 200: envelope(z.object({ deleted: z.boolean() })) },
      }),
      async (request) => {
        const row = await reportOf(request);
        await db.delete(reports).where(eq(reports.id, row.id));
        await removeFile(config.dataDir, row.file_key);
        return { data: { deleted: true } };
      },
    );
  };
}
