import {
  apiErrorSchema,
  assetCursorPageSchema,
  assetGroupListQuery,
  assetGroupPatchSchema,
  assetGroupSchema,
  assetGroupWriteSchema,
  assetSchema,
  envelope,
  filterOptionSchema,
  pagedList,
  pageInfo,
} from '@didban/core';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { saveGroupSchedule } from '../assets/group-schedule.js';
import {
  assertRootsInScope,
  assertWorkerGroup,
  deleteGroup,
  findGroup,
  GroupValidationError,
  groupColumns,
  presentGroups,
} from '../assets/groups.js';
import { inventoryOptions, listInventory, listInventoryAfter } from '../assets/inventory.js';
import { cursorPageSize } from '../assets/inventory-cursor.js';
import { parseInventoryQuery } from '../assets/inventory-query.js';
import { assertWithinLimit } from '../billing/limits.js';
import { groupAssetCountSql } from '../counters/counters.js';
import { assetGroups } from '../db/schema.js';
import { startDiscovery } from '../discovery/start-discovery.js';
import { currentWorkspace } from '../http/access.js';
import { RequestValidationError } from '../http/errors.js';
import { builtinScopePolicy } from '../workers/builtin-scope.js';

const groupParams = z.object({ id: z.string().max(100) });
const deleted = z.object({ data: z.object({ deleted: z.boolean() }) });
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * spec §7 asset groups: `panel/assets/` (list, create, get, patch, delete) and
 * `panel/asset-groups/{groupId}/assets/` (a group's assets, or option values with `fieldname`).
 * Reads and writes are for any workspace member; deleting a group needs an admin (docs/permissions.md
 * "Assets"). Another workspace's group ids answer 404.
 */
export function assetGroupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  // Roots the built-in worker would refuse are refused when the group is saved (issue 15).
  const scope = deps.config.builtinWorker ? builtinScopePolicy(deps.config) : undefined;
  return async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof GroupValidationError) return reply.status(400).send(error.body(request.lang));
      throw error;
    });

    app.get(
      '/panel/assets/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Asset groups, searched by name or root domain/IP, paged and ordered',
          querystring: assetGroupListQuery,
          response: { 200: envelope(pagedList(assetGroupSchema)) },
        },
      },
      async (request) => {
        const q = request.query;
        const conditions: SQL[] = [eq(assetGroups.workspace_id, currentWorkspace(request).id)];
        const search = (q.search ?? '').trim();
        if (search) {
          const p = likePattern(search);
          conditions.push(or(ilike(assetGroups.name, p), sql`${assetGroups.roots}::text ilike ${p}`)!);
        }
        const where = and(...conditions);
        const [total] = await db.select({ n: count() }).from(assetGroups).where(where);
        const ordering = q.ordering ?? '-created_at';
        const dir = ordering.startsWith('-') ? desc : asc;
        const column = ordering.replace(/^-/, '');
        const orderExpr =
          column === 'asset_count'
            ? groupAssetCountSql(assetGroups.id)
            : column === 'name'
              ? sql`lower(${assetGroups.name})`
              : column === 'updated_at'
                ? sql`${assetGroups.updated_at}`
                : sql`${assetGroups.created_at}`;
        const rows = await db
          .select()
          .from(assetGroups)
          .where(where)
          .orderBy(dir(orderExpr), dir(assetGroups.id))
          .limit(q.page_size)
          .offset((q.page - 1) * q.page_size);
        return {
          data: { results: await presentGroups(db, rows), ...pageInfo(total?.n ?? 0, q.page, q.page_size) },
        };
      },
    );

    app.post(
      '/panel/assets/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Create an asset group (validated with the §5 messages) and start its first discovery',
          body: assetGroupWriteSchema,
          response: { 201: envelope(assetGroupSchema), 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const columns = groupColumns(request.body);
        assertRootsInScope(columns, scope);
        const group = await db.transaction(async (tx) => {
          await assertWorkerGroup(tx, workspaceId, columns.worker_group_id);
          // Its discovery would add assets: refused at the plan's asset limit (403 plan_limit).
          await assertWithinLimit(tx, workspaceId, 'assets', 1);
          const [row] = await tx
            .insert(assetGroups)
            .values({ workspace_id: workspaceId, ...columns })
            .returning();
          await saveGroupSchedule(tx, workspaceId, row!.id, request.body);
          // Same transaction: a group whose discovery could not be queued is not kept.
          await startDiscovery(tx, row!.id);
          return findGroup(tx, workspaceId, row!.id);
        });
        const [presented] = await presentGroups(db, [group]);
        return reply.status(201).send({ data: presented! });
      },
    );

    app.get(
      '/panel/assets/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'One asset group',
          params: groupParams,
          response: { 200: envelope(assetGroupSchema) },
        },
      },
      async (request) => {
        const group = await findGroup(db, currentWorkspace(request).id, request.params.id);
        const [presented] = await presentGroups(db, [group]);
        return { data: presented! };
      },
    );

    app.patch(
      '/panel/assets/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary: 'Change an asset group (the next discovery uses the new settings)',
          params: groupParams,
          body: assetGroupPatchSchema,
          response: { 200: envelope(assetGroupSchema), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const current = await findGroup(db, workspaceId, request.params.id);
        const columns = groupColumns(request.body, current);
        assertRootsInScope(columns, scope);
        const row = await db.transaction(async (tx) => {
          await assertWorkerGroup(tx, workspaceId, columns.worker_group_id);
          await saveGroupSchedule(tx, workspaceId, current.id, request.body);
          const [updated] = await tx
            .update(assetGroups)
            .set({ ...columns, updated_at: sql`now()` })
            .where(and(eq(assetGroups.id, current.id), eq(assetGroups.workspace_id, workspaceId)))
            .returning();
          return updated;
        });
        const [presented] = await presentGroups(db, [row!]);
        return { data: presented! };
      },
    );

    app.delete(
      '/panel/assets/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['assets'],
          summary: 'Delete an asset group with its assets and histories (a running discovery is cancelled)',
          params: groupParams,
          response: { 200: deleted },
        },
      },
      async (request) => {
        await deleteGroup(db, currentWorkspace(request).id, request.params.id);
        return { data: { deleted: true } };
      },
    );

    app.get(
      '/panel/asset-groups/:id/assets/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['assets'],
          summary:
            "A group's assets (paged, with the inventory's filters; `history` for a past state); with `fieldname` the option values with counts; with `cursor` a keyset page { results, next_cursor }",
          params: groupParams,
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
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
        const group = await findGroup(db, workspaceId, request.params.id);
        const q = parseInventoryQuery(request.query);
        if (q.fieldname) return { data: await inventoryOptions(db, workspaceId, q, q.fieldname, group.id) };
        const { cursor } = request.query;
        if (cursor !== undefined) {
          const size = cursorPageSize(request.query);
          return { data: await listInventoryAfter(db, workspaceId, q, String(cursor), size, group.id) };
        }
        const paging = pageParams(request.query);
        const { results, total } = await listInventory(db, workspaceId, q, paging, group.id);
        return { data: { results, ...pageInfo(total, paging.page, paging.pageSize) } };
      },
    );
  };
}

/** page and page_size of a free-form query, with the list defaults and bounds. */
export function pageParams(query: Record<string, unknown>): { page: number; pageSize: number } {
  const parsed = z
    .object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(10),
    })
    .safeParse({ page: query.page, page_size: query.page_size });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return { page: parsed.data.page, pageSize: parsed.data.page_size };
}
