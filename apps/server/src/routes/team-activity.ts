import { envelope, pagedList, pageInfo, pageQuery, teamActivitySchema } from '@didban/core';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { teamActivity } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { presentActivity } from '../teams/activity.js';

/** A team's activity log, newest first, worded in the reader's language (admins and owner). */
export function teamActivityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/teams/:id/activity/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: "A team's activity log: who did what, when (paged, newest first)",
          params: z.object({ id: z.string() }),
          querystring: pageQuery,
          response: { 200: envelope(pagedList(teamActivitySchema)) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const teamId = currentWorkspace(request).id;
        const [total] = await db
          .select({ n: count() })
          .from(teamActivity)
          .where(eq(teamActivity.workspace_id, teamId));
        const rows = await db
          .select()
          .from(teamActivity)
          .where(eq(teamActivity.workspace_id, teamId))
          .orderBy(desc(teamActivity.created_at), desc(teamActivity.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        return {
          data: {
            results: rows.map((r) => presentActivity(r, request.lang)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );
  };
}
