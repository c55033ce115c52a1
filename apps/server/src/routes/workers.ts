import {
  envelope,
  pageInfo,
  pageQuery,
  WORKER_GROUP_PHOTO_MAX_BYTES,
  WORKER_ONLINE_SECONDS,
  type Worker,
  type WorkerGroup,
  workerCreatedSchema,
  workerCreateSchema,
  workerGroupInputSchema,
  workerGroupListSchema,
  workerGroupSchema,
  workerListQuery,
  workerListSchema,
  workerSchema,
  workerUpdateSchema,
} from '@didban/core';
import multipart from '@fastify/multipart';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { workerGroups, workers } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { generateWorkerKey } from '../workers/keys.js';
import { photoType } from '../workers/photo.js';

const idParams = z.object({ id: z.uuid() });
const ok = z.object({ data: z.object({ deleted: z.boolean() }) });

type GroupRow = typeof workerGroups.$inferSelect;
type WorkerRow = typeof workers.$inferSelect;

const groupPhotoPath = (id: string) => `/api/v1/panel/worker-groups/${id}/photo/`;

function presentGroup(row: GroupRow, workerCount: number): WorkerGroup {
  return {
    id: row.id,
    name: row.name,
    photo_url: row.photo_key ? groupPhotoPath(row.id) : null,
    worker_count: workerCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentWorker(row: WorkerRow, now = Date.now()): Worker {
  const online = row.last_seen_at && now - row.last_seen_at.getTime() < WORKER_ONLINE_SECONDS * 1000;
  return {
    id: row.id,
    name: row.name,
    group_id: row.group_id,
    country: row.country,
    ip: row.ip,
    version: row.version,
    key_prefix: row.key_prefix,
    capabilities: row.capabilities ?? null,
    status: row.revoked_at ? 'revoked' : online ? 'online' : 'offline',
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The /workers pages (spec §2, §3): worker groups with an optional photo, and workers whose API
 * key is shown once at creation. Reads need membership; writes need admin or owner.
 */
export function workerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;

  const findGroup = async (workspaceId: string, id: string) => {
    const [row] = await db
      .select()
      .from(workerGroups)
      .where(and(eq(workerGroups.id, id), eq(workerGroups.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };
  const groupWorkerCount = async (groupId: string) => {
    const [row] = await db.select({ n: count() }).from(workers).where(eq(workers.group_id, groupId));
    return row?.n ?? 0;
  };
  const findWorker = async (workspaceId: string, id: string) => {
    const [row] = await db
      .select()
      .from(workers)
      .where(and(eq(workers.id, id), eq(workers.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };
  /** A group id in a body must be a group of the same workspace. */
  const checkGroupField = async (workspaceId: string, groupId: string | null | undefined) => {
    if (!groupId) return;
    const [row] = await db
      .select({ id: workerGroups.id })
      .from(workerGroups)
      .where(and(eq(workerGroups.id, groupId), eq(workerGroups.workspace_id, workspaceId)));
    if (!row)
      throw new HttpError(
        400,
        'validation',
        'errors.validation',
        {},
        { group_id: ['workers.group_unknown'] },
      );
  };

  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: WORKER_GROUP_PHOTO_MAX_BYTES, files: 1, fields: 5 },
    });

    // ---- worker groups ----
    app.get(
      '/panel/worker-groups/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['workers'],
          summary: 'Worker groups of the workspace, paged',
          querystring: pageQuery,
          response: { 200: envelope(workerGroupListSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { page, page_size } = request.query;
        const rows = await db
          .select({
            group: workerGroups,
            // Written out: drizzle drops the table name of a column in a one-table select.
            workers: sql<number>`(select count(*) from workers w where w.group_id = worker_groups.id)::int`,
          })
          .from(workerGroups)
          .where(eq(workerGroups.workspace_id, workspaceId))
          .orderBy(desc(workerGroups.created_at), desc(workerGroups.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const [total] = await db
          .select({ n: count() })
          .from(workerGroups)
          .where(eq(workerGroups.workspace_id, workspaceId));
        return {
          data: {
            results: rows.map((r) => presentGroup(r.group, Number(r.workers))),
            ...pageInfo(total?.n ?? 0, page, page_size),
            // What the forms tell a member choosing no worker group: where the built-in worker may go.
            builtin_worker: {
              enabled: deps.config.builtinWorker,
              allow: deps.config.builtinWorker ? deps.config.builtinWorkerAllow : [],
            },
          },
        };
      },
    );

    app.post(
      '/panel/worker-groups/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Create a worker group',
          body: workerGroupInputSchema,
          response: { 201: envelope(workerGroupSchema) },
        },
      },
      async (request, reply) => {
        const [row] = await db
          .insert(workerGroups)
          .values({ workspace_id: currentWorkspace(request).id, name: request.body.name })
          .returning();
        return reply.code(201).send({ data: presentGroup(row!, 0) });
      },
    );

    app.get(
      '/panel/worker-groups/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['workers'],
          summary: 'One worker group',
          params: idParams,
          response: { 200: envelope(workerGroupSchema) },
        },
      },
      async (request) => {
        const row = await findGroup(currentWorkspace(request).id, request.params.id);
        return { data: presentGroup(row, await groupWorkerCount(row.id)) };
      },
    );

    app.patch(
      '/panel/worker-groups/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Rename a worker group',
          params: idParams,
          body: workerGroupInputSchema,
          response: { 200: envelope(workerGroupSchema) },
        },
      },
      async (request) => {
        const found = await findGroup(currentWorkspace(request).id, request.params.id);
        const [row] = await db
          .update(workerGroups)
          .set({ name: request.body.name, updated_at: sql`now()` })
          .where(eq(workerGroups.id, found.id))
          .returning();
        return { data: presentGroup(row!, await groupWorkerCount(found.id)) };
      },
    );

    app.delete(
      '/panel/worker-groups/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Delete a worker group (its workers stay, without a group)',
          params: idParams,
          response: { 200: ok },
        },
      },
      async (request) => {
        const found = await findGroup(currentWorkspace(request).id, request.params.id);
        await db.delete(workerGroups).where(eq(workerGroups.id, found.id));
        if (found.photo_key) await storage.delete(found.photo_key);
        return { data: { deleted: true } };
      },
    );

    app.put(
      '/panel/worker-groups/:id/photo/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Upload the group photo (multipart field "photo"; PNG or JPG, at most 2 MB)',
          params: idParams,
          response: { 200: envelope(workerGroupSchema) },
        },
      },
      async (request) => {
        const found = await findGroup(currentWorkspace(request).id, request.params.id);
        if (!request.isMultipart()) throw new HttpError(400, 'photo_missing', 'errors.photo_missing');
        const file = await request.file();
        if (!file) throw new HttpError(400, 'photo_missing', 'errors.photo_missing');
        const data = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, 'photo_too_large', 'errors.photo_too_large');
          throw error;
        });
        if (file.file.truncated || data.length > WORKER_GROUP_PHOTO_MAX_BYTES)
          throw new HttpError(413, 'photo_too_large', 'errors.photo_too_large');
        // Judged by content, not by the name or the declared type.
        const type = photoType(data);
        if (!type) throw new HttpError(400, 'photo_type', 'errors.photo_type');
        const key = `worker-groups/${found.id}/photo`;
        await storage.put(key, data);
        const [row] = await db
          .update(workerGroups)
          .set({ photo_key: key, photo_type: type, updated_at: sql`now()` })
          .where(eq(workerGroups.id, found.id))
          .returning();
        return { data: presentGroup(row!, await groupWorkerCount(found.id)) };
      },
    );

    app.get(
      '/panel/worker-groups/:id/photo/',
      {
        config: { access: 'workspace' },
        schema: { tags: ['workers'], summary: 'The group photo (image/png or image/jpeg)', params: idParams },
      },
      async (request, reply) => {
        const found = await findGroup(currentWorkspace(request).id, request.params.id);
        const data = found.photo_key ? await storage.get(found.photo_key) : null;
        if (!data || !found.photo_type) throw notFound();
        return reply
          .type(found.photo_type)
          .header('cache-control', 'private, max-age=60')
          .header('x-content-type-options', 'nosniff')
          .send(data);
      },
    );

    app.delete(
      '/panel/worker-groups/:id/photo/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Remove the group photo',
          params: idParams,
          response: { 200: envelope(workerGroupSchema) },
        },
      },
      async (request) => {
        const found = await findGroup(currentWorkspace(request).id, request.params.id);
        if (found.photo_key) await storage.delete(found.photo_key);
        const [row] = await db
          .update(workerGroups)
          .set({ photo_key: null, photo_type: null, updated_at: sql`now()` })
          .where(eq(workerGroups.id, found.id))
          .returning();
        return { data: presentGroup(row!, await groupWorkerCount(found.id)) };
      },
    );

    // ---- workers ----
    app.get(
      '/panel/workers/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['workers'],
          summary: 'Workers of the workspace (optionally of one group), paged',
          querystring: workerListQuery,
          response: { 200: envelope(workerListSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const { page, page_size, group_id } = request.query;
        const where = and(
          eq(workers.workspace_id, workspaceId),
          group_id ? eq(workers.group_id, group_id) : undefined,
        );
        const rows = await db
          .select()
          .from(workers)
          .where(where)
          .orderBy(desc(workers.created_at), desc(workers.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const [total] = await db.select({ n: count() }).from(workers).where(where);
        return {
          data: {
            results: rows.map((r) => presentWorker(r)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.post(
      '/panel/workers/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Create a worker; the answer carries its API key, shown this once',
          body: workerCreateSchema,
          response: { 201: envelope(workerCreatedSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        await checkGroupField(workspaceId, request.body.group_id);
        const { key, hash, prefix } = generateWorkerKey();
        const [row] = await db
          .insert(workers)
          .values({
            workspace_id: workspaceId,
            group_id: request.body.group_id ?? null,
            name: request.body.name,
            key_hash: hash,
            key_prefix: prefix,
            // Their leaving the team revokes it (teams/revoke-member-workers.ts).
            created_by: currentUser(request).id,
          })
          .returning();
        return reply.code(201).send({ data: { worker: presentWorker(row!), api_key: key } });
      },
    );

    app.get(
      '/panel/workers/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['workers'],
          summary: 'One worker',
          params: idParams,
          response: { 200: envelope(workerSchema) },
        },
      },
      async (request) => ({
        data: presentWorker(await findWorker(currentWorkspace(request).id, request.params.id)),
      }),
    );

    app.patch(
      '/panel/workers/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Rename a worker or move it to another group',
          params: idParams,
          body: workerUpdateSchema,
          response: { 200: envelope(workerSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const found = await findWorker(workspaceId, request.params.id);
        await checkGroupField(workspaceId, request.body.group_id);
        const [row] = await db
          .update(workers)
          .set({
            ...(request.body.name !== undefined ? { name: request.body.name } : {}),
            ...(request.body.group_id !== undefined ? { group_id: request.body.group_id } : {}),
            updated_at: sql`now()`,
          })
          .where(eq(workers.id, found.id))
          .returning();
        return { data: presentWorker(row!) };
      },
    );

    app.post(
      '/panel/workers/:id/revoke/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['workers'],
          summary: 'Revoke the worker key: its next call answers 401',
          params: idParams,
          response: { 200: envelope(workerSchema) },
        },
      },
      async (request) => {
        const found = await findWorker(currentWorkspace(request).id, request.params.id);
        const [row] = await db
          .update(workers)
          .set({ revoked_at: sql`coalesce(${workers.revoked_at}, now())`, updated_at: sql`now()` })
          .where(eq(workers.id, found.id))
          .returning();
        return { data: presentWorker(row!) };
      },
    );

    app.delete(
      '/panel/workers/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: { tags: ['workers'], summary: 'Delete a worker', params: idParams, response: { 200: ok } },
      },
      async (request) => {
        const found = await findWorker(currentWorkspace(request).id, request.params.id);
        await db.delete(workers).where(eq(workers.id, found.id));
        return { data: { deleted: true } };
      },
    );
  };
}
