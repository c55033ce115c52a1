import { envelope, pagedList, vulnerabilityDetailSchema, vulnerabilitySchema } from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { findVulnerability, vulnerabilityDetail } from '../scans/vulnerability-detail.js';
import { listWorkspaceVulnerabilities } from '../scans/vulnerability-list.js';
import { vulnerabilityListQuery } from '../scans/vulnerability-query.js';

const vulnParams = z.object({ id: z.string().max(100) });

/**
 * The workspace's vulnerabilities (CLI `vulns list`, the home page, the asset detail's
 * Vulnerabilities and Exposures tabs). Triage and the rest of the lifecycle (issue 32) are in
 * apps/server/src/findings/.
 */
export function vulnerabilityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/vulnerabilities/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Vulnerabilities of the workspace, filtered, most severe first',
          querystring: vulnerabilityListQuery,
          response: { 200: envelope(pagedList(vulnerabilitySchema)) },
        },
      },
      async (request) => {
        const q = request.query;
        // `assignee=me` is the caller.
        const query = q.assignee === 'me' ? { ...q, assignee: currentUser(request).id } : q;
        return { data: await listWorkspaceVulnerabilities(db, currentWorkspace(request).id, query) };
      },
    );

    app.get(
      '/panel/vulnerabilities/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'A vulnerability with template info, evidence, curl command and status history',
          params: vulnParams,
          response: { 200: envelope(vulnerabilityDetailSchema) },
        },
      },
      async (request) => {
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        return { data: await vulnerabilityDetail(db, row) };
      },
    );
    // PATCH (triage) lives with the lifecycle: apps/server/src/findings/routes.ts.
  };
}
