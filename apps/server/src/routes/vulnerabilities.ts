import {
  envelope,
  pagedList,
  vulnerabilityDetailSchema,
  vulnerabilityPatchSchema,
  vulnerabilitySchema,
} from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { vulnerabilities } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { findVulnerability, vulnerabilityDetail } from '../scans/vulnerability-detail.js';
import { listWorkspaceVulnerabilities } from '../scans/vulnerability-list.js';
import { vulnerabilityListQuery } from '../scans/vulnerability-query.js';

const vulnParams = z.object({ id: z.string().max(100) });

/**
 * The workspace's vulnerabilities (CLI `vulns list`, the home page, the asset detail's
 * Vulnerabilities and Exposures tabs) and triage: any member may set a status; each change is
 * kept in the status history with who made it.
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
      async (request) => ({
        data: await listWorkspaceVulnerabilities(db, currentWorkspace(request).id, request.query),
      }),
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

    app.patch(
      '/panel/vulnerabilities/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Triage: open, in progress, fixed, false positive or accepted risk',
          params: vulnParams,
          body: vulnerabilityPatchSchema,
          response: { 200: envelope(vulnerabilityDetailSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { status } = request.body;
        const by = currentUser(request).username;
        const row = await findVulnerability(db, workspaceId, request.params.id);
        if (row.status === status) return { data: await vulnerabilityDetail(db, row) };
        const [updated] = await db
          .update(vulnerabilities)
          .set({
            status,
            fixed_at: status === 'fixed' ? sql`now()` : null,
            status_history: sql`${vulnerabilities.status_history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'by', ${by}::text, 'at', now()))`,
            updated_at: sql`now()`,
          })
          .where(eq(vulnerabilities.id, row.id))
          .returning();
        return { data: await vulnerabilityDetail(db, updated!) };
      },
    );
  };
}
