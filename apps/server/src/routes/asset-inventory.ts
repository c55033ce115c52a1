import {
  ASSET_ENDPOINTS_MAX,
  apiErrorSchema,
  assetChangeSchema,
  assetCursorPageSchema,
  assetDetailSchema,
  assetEndpointPageSchema,
  assetEndpointQuerySchema,
  assetSchema,
  envelope,
  filterOptionSchema,
  pagedList,
  pageInfo,
  technologySummarySchema,
} from '@didban/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { listEndpoints } from '../assets/endpoints-store.js';
import { inventoryOptions, listInventory, listInventoryAfter } from '../assets/inventory.js';
import { cursorPageSize } from '../assets/inventory-cursor.js';
import { isUuid, parseInventoryQuery } from '../assets/inventory-query.js';
import { listTechnologies, technologyAssetCount } from '../assets/technologies.js';
import { assetChanges, assets } from '../db/schema.js';
import { presentAsset, presentAssetDetail } from '../discovery/present-asset.js';
import { currentWorkspace } from '../http/access.js';
import { notFound } from '../http/errors.js';
import { photoType } from '../workers/photo.js';
import { pageParams } from './asset-groups.js';

const idParams = z.object({ id: z.string().max(100) });
const deleted = z.object({ data: z.object({ deleted: z.boolean() }) });
const freeQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
/** Where the asset detail's `screenshot_url` points. */
const screenshotPath = (id: string) => `/api/v1/panel/all-assets/${id}/screenshot/`;

/**
 * spec §7 inventory: `panel/all-assets/` (every asset of the workspace, filtered, sorted and paged,
 * or option values with `fieldname`), one asset, its changelog, delete, the technologies in use
 * and the assets using one, the screenshot discovery took. Deleting needs an admin; the rest any
 * member (docs/permissions.md).
 */
export function assetInventoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;

  const findAsset = async (workspaceId: string, id: string) => {
    if (!isUuid(id)) throw notFound();
    const [row] = await db
      .select()
      .from(assets)
      .where(and(eq(assets.id, id), eq(assets.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };

  return async (app) => {
    app.get(
      '/panel/all-assets/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'The inventory: page, page_size, search, ordering (-column for descending), created_at_after/before, comma-joined filters, history; with fieldname the option values with counts; with cursor (empty for the first page; page_size up to 1000) a keyset page { results, next_cursor } for reading it all. Unknown keys: 400.',
          querystring: freeQuery,
          response: {
            200: envelope(
              z.union([pagedList(assetSchema), assetCursorPageSchema, z.array(filterOptionSchema)]),
            ),
            400: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const q = parseInventoryQuery(request.query);
        if (q.fieldname) return { data: await inventoryOptions(db, workspaceId, q, q.fieldname) };
        const { cursor } = request.query;
        if (cursor !== undefined) {
          const size = cursorPageSize(request.query);
          return { data: await listInventoryAfter(db, workspaceId, q, String(cursor), size) };
        }
        const paging = pageParams(request.query);
        const { results, total } = await listInventory(db, workspaceId, q, paging);
        return { data: { results, ...pageInfo(total, paging.page, paging.pageSize) } };
      },
    );

    app.get(
      '/panel/all-assets/technologies/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'Technologies detected on the workspace’s assets, with versions and how many assets use each',
          response: { 200: envelope(z.array(technologySummarySchema)) },
        },
      },
      async (request) => ({ data: await listTechnologies(db, currentWorkspace(request).id) }),
    );

    app.get(
      '/panel/all-assets/filter-by-technology',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Assets using one technology (technology_id is the id the technologies list gives)',
          querystring: z.object({
            technology_id: z.string().min(1).max(200),
            page: z.coerce.number().int().min(1).max(1_000_000).default(1),
            page_size: z.coerce.number().int().min(1).max(100).default(10),
          }),
          response: { 200: envelope(pagedList(assetSchema)) },
        },
      },
      async (request) => {
        const q = request.query;
        const workspaceId = currentWorkspace(request).id;
        const where = and(
          eq(assets.workspace_id, workspaceId),
          sql`${assets.technologies} @> ${JSON.stringify([{ slug: q.technology_id }])}::jsonb`,
          // Live assets, as the technology counters count them (migration 0035).
          isNull(assets.gone_at),
        );
        // The total from the technology counters; the page and it run at once.
        const [total, rows] = await Promise.all([
          technologyAssetCount(db, workspaceId, q.technology_id),
          db
            .select()
            .from(assets)
            .where(where)
            .orderBy(asc(assets.host), asc(assets.port), asc(assets.id))
            .limit(q.page_size)
            .offset((q.page - 1) * q.page_size),
        ]);
        return { data: { results: rows.map(presentAsset), ...pageInfo(total, q.page, q.page_size) } };
      },
    );

    app.get(
      '/panel/all-assets/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'One asset with its HTTP response facts',
          params: idParams,
          response: { 200: envelope(assetDetailSchema) },
        },
      },
      async (request) => {
        const row = await findAsset(currentWorkspace(request).id, request.params.id);
        return { data: presentAssetDetail(row, screenshotPath(row.id)) };
      },
    );

    app.get(
      '/panel/all-assets/:id/screenshot/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'The screenshot discovery took of the asset (image/png); 404 when there is none',
          params: idParams,
        },
      },
      async (request, reply) => {
        const row = await findAsset(currentWorkspace(request).id, request.params.id);
        const data = row.screenshot_key ? await storage.get(row.screenshot_key) : null;
        // The bytes come from a worker: only a real PNG is served, never as anything else.
        if (!data || photoType(data) !== 'image/png') throw notFound();
        return reply
          .type('image/png')
          .header('cache-control', 'private, max-age=60')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(data);
      },
    );

    app.get(
      '/panel/all-assets/:id/endpoints/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'The endpoints the discovery crawl found on a web asset (issue 30): page, page_size (≤ 100), search in URL, method and parameter names; overflow counts those past the limit',
          params: idParams,
          querystring: assetEndpointQuerySchema,
          response: { 200: envelope(assetEndpointPageSchema) },
        },
      },
      async (request) => {
        const row = await findAsset(currentWorkspace(request).id, request.params.id);
        const q = request.query;
        const { results, total } = await listEndpoints(db, row.id, q);
        return {
          data: {
            results,
            ...pageInfo(total, q.page, q.page_size),
            overflow: row.endpoint_overflow,
            limit: ASSET_ENDPOINTS_MAX,
          },
        };
      },
    );

    app.get(
      '/panel/all-assets/:id/changelog/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            'What changed on an asset at each discovery: appeared, changed fields, disappeared (newest first)',
          params: idParams,
          response: { 200: envelope(z.array(assetChangeSchema)) },
        },
      },
      async (request) => {
        const row = await findAsset(currentWorkspace(request).id, request.params.id);
        const changes = await db
          .select()
          .from(assetChanges)
          .where(eq(assetChanges.asset_id, row.id))
          .orderBy(desc(assetChanges.created_at), desc(assetChanges.id));
        return {
          data: changes.map((c) => ({
            id: c.id,
            kind: c.kind,
            enumeration_history: c.history_id,
            changes: c.changes,
            created_at: c.created_at.toISOString(),
          })),
        };
      },
    );

    app.delete(
      '/panel/all-assets/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['assets'],
          summary: 'Delete an asset (discovery adds it again if it is still found)',
          params: idParams,
          response: { 200: deleted },
        },
      },
      async (request) => {
        const row = await findAsset(currentWorkspace(request).id, request.params.id);
        await db.delete(assets).where(eq(assets.id, row.id));
        if (row.screenshot_key) await storage.delete(row.screenshot_key);
        return { data: { deleted: true } };
      },
    );
  };
}
