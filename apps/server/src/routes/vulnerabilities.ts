import {
  apiErrorSchema,
  envelope,
  pagedList,
  vulnerabilityCursorPageSchema,
  vulnerabilityDetailSchema,
  vulnerabilitySchema,
} from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { DEFAULT_CURSOR_PAGE_SIZE, vulnerabilityPageQuery } from '../scans/vulnerability-cursor.js';
import { findVulnerability, vulnerabilityDetail } from '../scans/vulnerability-detail.js';
import {
  listWorkspaceVulnerabilities,
  listWorkspaceVulnerabilitiesAfter,
} from '../scans/vulnerability-list.js';

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
          summary:
            'Vulnerabilities of the workspace, filtered, most severe first; with cursor (empty for the first page; page_size up to 1000) a keyset page { results, next_cursor } with no count, for reading them all',
          querystring: vulnerabilityPageQuery,
          response: {
            200: envelope(z.union([pagedList(vulnerabilitySchema), vulnerabilityCursorPageSchema])),
            400: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { cursor, page, page_size, ...filters } = request.query;
        // `assignee=me` is the caller.
        const q = filters.assignee === 'me' ? { ...filters, assignee: currentUser(request).id } : filters;
        const workspaceId = currentWorkspace(request).id;
        if (cursor !== undefined) {
          const size = page_size ?? DEFAULT_CURSOR_PAGE_SIZE;
          return { data: await listWorkspaceVulnerabilitiesAfter(db, workspaceId, q, cursor, size) };
        }
        const paged = { ...q, page: page ?? 1, page_size: page_size ?? 10 };
        return { data: await listWorkspaceVulnerabilities(db, workspaceId, paged) };
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
