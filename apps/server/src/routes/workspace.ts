import { envelope, teamRoleSchema } from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { currentWorkspace } from '../http/access.js';

export const currentWorkspaceSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'team']),
  name: z.string(),
  role: teamRoleSchema,
});

/** The workspace this request acts in (from X-Workspace-ID), with the caller's role there. */
export function workspaceRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
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
        const { id, kind, name, role } = currentWorkspace(request);
        return { data: { id, kind, name, role } };
      },
    );
  };
}
