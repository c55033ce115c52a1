import { envelope, pagedList, pageInfo, pageQuery, teamSummarySchema } from '@didban/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { workspaceMembers, workspaces } from '../db/schema.js';
import { currentUser } from '../http/access.js';

/** The caller's teams, for the workspace switcher (team management is its own feature). */
export function teamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/panel/teams/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['teams'],
          summary: 'List the teams I belong to',
          querystring: pageQuery,
          response: { 200: envelope(pagedList(teamSummarySchema)) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const mine = and(eq(workspaceMembers.user_id, currentUser(request).id), eq(workspaces.kind, 'team'));
        const [total] = await deps.db
          .select({ n: count() })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
          .where(mine);
        const rows = await deps.db
          .select({
            id: workspaces.id,
            name: workspaces.name,
            role: workspaceMembers.role,
            created: workspaces.created_at,
            updated: workspaces.updated_at,
            members_count: sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`,
          })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
          .where(mine)
          .orderBy(desc(workspaces.created_at), workspaces.id)
          .limit(page_size)
          .offset((page - 1) * page_size);
        return {
          data: {
            results: rows.map((r) => ({
              ...r,
              members_count: Number(r.members_count),
              created: r.created.toISOString(),
              updated: r.updated.toISOString(),
            })),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );
  };
}
