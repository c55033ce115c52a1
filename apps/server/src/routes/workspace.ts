import { envelope, teamRoleSchema } from '@didban/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { workspaces } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { notFound } from '../http/errors.js';

export const currentWorkspaceSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'team']),
  name: z.string(),
  role: teamRoleSchema,
});

/** The workspace this request acts in (from X-Workspace-ID), with the caller's role there. */
export function workspaceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/panel/workspace/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['workspaces'],
          summary: 'The current workspace and my role in it',
          response: { 200: envelope(currentWorkspaceSchema) },
        },
      },
      async (request) => {
        const ws = currentWorkspace(request);
        const row = await deps.db.query.workspaces.findFirst({ where: eq(workspaces.id, ws.id) });
        if (!row) throw notFound();
        return { data: { id: row.id, kind: row.kind, name: row.name, role: ws.role } };
      },
    );
  };
}
