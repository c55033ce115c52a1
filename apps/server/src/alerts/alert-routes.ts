/**
 * /api/v1/panel/alerts/…: channels (secrets sealed, shown masked), rules and the delivery log of
 * the workspace in X-Workspace-ID. Members read; admins and the owner manage and send tests.
 */
import {
  alertChannelInputSchema,
  alertChannelListSchema,
  alertChannelSchema,
  alertChannelUpdateSchema,
  alertDeliveryListSchema,
  alertDeliveryQuery,
  alertDeliverySchema,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  envelope,
  pageInfo,
} from '@didban/core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { loadOrCreateSecret } from '../auth/secret.js';
import { alertChannels, alertDeliveries, alertRules, assetGroups } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError, notFound, RequestValidationError } from '../http/errors.js';
import { enqueueDelivery } from './delivery-queue.js';
import { refusedDestination } from './delivery-scope.js';
import { presentChannel, presentDelivery, presentRule } from './present.js';
import { createSecretBox } from './secret-box.js';

const idParams = z.object({ id: z.uuid() });
const deleted = z.object({ data: z.object({ deleted: z.boolean() }) });
const tags = ['alerts'];

const fieldError = (
  field: string,
  key: 'alerts.channel_unknown' | 'alerts.group_unknown' | 'alerts.destination_refused',
) => new HttpError(400, 'validation', 'errors.validation', {}, { [field]: [key] });

export function alertRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const box = createSecretBox(loadOrCreateSecret(config.secret, config.dataDir));

  const findChannel = async (workspaceId: string, id: string) => {
    const [row] = await db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };
  const findRule = async (workspaceId: string, id: string) => {
    const [row] = await db
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.id, id), eq(alertRules.workspace_id, workspaceId)));
    if (!row) throw notFound();
    return row;
  };
  const lastDeliveries = async (channelIds: string[]) => {
    if (channelIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([alertDeliveries.channel_id])
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.channel_id, channelIds))
      .orderBy(alertDeliveries.channel_id, desc(alertDeliveries.created_at));
    return new Map(rows.map((r) => [r.channel_id, r]));
  };
  const present = async (row: typeof alertChannels.$inferSelect) =>
    presentChannel(row, box, (await lastDeliveries([row.id])).get(row.id) ?? null);

  /** Destinations written as an internal address are refused when saved (names are checked at send). */
  const checkDestinations = async (secrets: Record<string, unknown>, settings: Record<string, unknown>) => {
    for (const [field, value] of [
      ['secrets.url', secrets.url],
      ['settings.api_url', settings.api_url],
    ] as const) {
      if (typeof value === 'string' && (await refusedDestination(config, value)))
        throw fieldError(field, 'alerts.destination_refused');
    }
  };
  const checkRuleRefs = async (workspaceId: string, channelIds?: string[], groupIds?: string[]) => {
    if (channelIds?.length) {
      const found = await db
        .select({ id: alertChannels.id })
        .from(alertChannels)
        .where(and(eq(alertChannels.workspace_id, workspaceId), inArray(alertChannels.id, channelIds)));
      if (found.length !== new Set(channelIds).size)
        throw fieldError('channel_ids', 'alerts.channel_unknown');
    }
    if (groupIds?.length) {
      const found = await db
        .select({ id: assetGroups.id })
        .from(assetGroups)
        .where(and(eq(assetGroups.workspace_id, workspaceId), inArray(assetGroups.id, groupIds)));
      if (found.length !== new Set(groupIds).size)
        throw fieldError('asset_group_ids', 'alerts.group_unknown');
    }
  };

  return async (app) => {
    // ---- channels ----
    app.get(
      '/panel/alerts/channels/',
      {
        config: { access: 'workspace' },
        schema: {
          tags,
          summary: 'Alert channels (secrets masked)',
          response: { 200: envelope(alertChannelListSchema) },
        },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(alertChannels)
          .where(eq(alertChannels.workspace_id, currentWorkspace(request).id))
          .orderBy(desc(alertChannels.created_at), desc(alertChannels.id));
        const last = await lastDeliveries(rows.map((r) => r.id));
        return { data: rows.map((r) => presentChannel(r, box, last.get(r.id) ?? null)) };
      },
    );

    app.post(
      '/panel/alerts/channels/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Add an alert channel',
          body: alertChannelInputSchema,
          response: { 201: envelope(alertChannelSchema) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        await checkDestinations(body.secrets, body.settings);
        const secrets = Object.fromEntries(
          Object.entries(body.secrets).filter(([, v]) => typeof v === 'string' && v !== ''),
        );
        const [row] = await db
          .insert(alertChannels)
          .values({
            workspace_id: currentWorkspace(request).id,
            name: body.name,
            kind: body.kind,
            language: body.language,
            settings: body.settings as Record<string, unknown>,
            secret_enc: box.seal(secrets as Record<string, string>),
          })
          .returning();
        return reply.code(201).send({ data: presentChannel(row!, box, null) });
      },
    );

    app.get(
      '/panel/alerts/channels/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags,
          summary: 'One alert channel',
          params: idParams,
          response: { 200: envelope(alertChannelSchema) },
        },
      },
      async (request) => ({
        data: await present(await findChannel(currentWorkspace(request).id, request.params.id)),
      }),
    );

    app.patch(
      '/panel/alerts/channels/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Change an alert channel (secrets given replace the stored ones)',
          params: idParams,
          body: alertChannelUpdateSchema,
          response: { 200: envelope(alertChannelSchema) },
        },
      },
      async (request) => {
        const row = await findChannel(currentWorkspace(request).id, request.params.id);
        const stored = row.secret_enc ? box.open(row.secret_enc) : {};
        // The change is checked as a whole channel, with the same rules as a new one.
        const merged = alertChannelInputSchema.safeParse({
          name: request.body.name ?? row.name,
          kind: row.kind,
          language: request.body.language ?? row.language,
          settings: request.body.settings ?? row.settings,
          secrets: request.body.secrets ?? stored,
        });
        if (!merged.success) throw new RequestValidationError(merged.error.issues);
        await checkDestinations(merged.data.secrets, merged.data.settings);
        const [updated] = await db
          .update(alertChannels)
          .set({
            name: merged.data.name,
            language: merged.data.language,
            settings: merged.data.settings as Record<string, unknown>,
            secret_enc: box.seal(merged.data.secrets as Record<string, string>),
            updated_at: sql`now()`,
          })
          .where(eq(alertChannels.id, row.id))
          .returning();
        return { data: await present(updated!) };
      },
    );

    app.delete(
      '/panel/alerts/channels/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Delete an alert channel (rules stop sending to it)',
          params: idParams,
          response: { 200: deleted },
        },
      },
      async (request) => {
        const row = await findChannel(currentWorkspace(request).id, request.params.id);
        await db.transaction(async (tx) => {
          await tx
            .update(alertRules)
            .set({
              channel_ids: sql`array_remove(${alertRules.channel_ids}, ${row.id}::uuid)`,
              updated_at: sql`now()`,
            })
            .where(
              and(
                eq(alertRules.workspace_id, row.workspace_id),
                sql`${row.id}::uuid = any(${alertRules.channel_ids})`,
              ),
            );
          await tx.delete(alertChannels).where(eq(alertChannels.id, row.id));
        });
        return { data: { deleted: true } };
      },
    );

    app.post(
      '/panel/alerts/channels/:id/test/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Queue a test message to a channel; its outcome shows in the delivery log',
          params: idParams,
          response: { 202: envelope(alertDeliverySchema) },
        },
      },
      async (request, reply) => {
        const row = await findChannel(currentWorkspace(request).id, request.params.id);
        const delivery = await db.transaction((tx) =>
          enqueueDelivery(
            tx,
            { workspaceId: row.workspace_id, channelId: row.id, ruleId: null, purpose: 'test', events: [] },
            { maxAttempts: config.alerts.maxAttempts },
          ),
        );
        return reply.code(202).send({ data: presentDelivery(delivery) });
      },
    );

    // ---- delivery log ----
    app.get(
      '/panel/alerts/deliveries/',
      {
        config: { access: 'workspace' },
        schema: {
          tags,
          summary: 'The delivery log, newest first (optionally one channel)',
          querystring: alertDeliveryQuery,
          response: { 200: envelope(alertDeliveryListSchema) },
        },
      },
      async (request) => {
        const { page, page_size, channel_id } = request.query;
        const where = and(
          eq(alertDeliveries.workspace_id, currentWorkspace(request).id),
          channel_id ? eq(alertDeliveries.channel_id, channel_id) : undefined,
        );
        const rows = await db
          .select()
          .from(alertDeliveries)
          .where(where)
          .orderBy(desc(alertDeliveries.created_at), desc(alertDeliveries.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const [total] = await db.select({ n: count() }).from(alertDeliveries).where(where);
        return { data: { results: rows.map(presentDelivery), ...pageInfo(total?.n ?? 0, page, page_size) } };
      },
    );

    // ---- rules ----
    app.get(
      '/panel/alerts/rules/',
      {
        config: { access: 'workspace' },
        schema: { tags, summary: 'Alert rules', response: { 200: envelope(alertRuleListSchema) } },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(alertRules)
          .where(eq(alertRules.workspace_id, currentWorkspace(request).id))
          .orderBy(desc(alertRules.created_at), desc(alertRules.id));
        return { data: rows.map(presentRule) };
      },
    );

    app.post(
      '/panel/alerts/rules/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Add an alert rule',
          body: alertRuleInputSchema,
          response: { 201: envelope(alertRuleSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        await checkRuleRefs(workspaceId, request.body.channel_ids, request.body.asset_group_ids);
        const [row] = await db
          .insert(alertRules)
          .values({
            ...request.body,
            triggers: [...new Set(request.body.triggers)],
            workspace_id: workspaceId,
          })
          .returning();
        return reply.code(201).send({ data: presentRule(row!) });
      },
    );

    app.patch(
      '/panel/alerts/rules/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags,
          summary: 'Change an alert rule',
          params: idParams,
          body: alertRuleUpdateSchema,
          response: { 200: envelope(alertRuleSchema) },
        },
      },
      async (request) => {
        const row = await findRule(currentWorkspace(request).id, request.params.id);
        await checkRuleRefs(row.workspace_id, request.body.channel_ids, request.body.asset_group_ids);
        const [updated] = await db
          .update(alertRules)
          .set({ ...request.body, updated_at: sql`now()` })
          .where(eq(alertRules.id, row.id))
          .returning();
        return { data: presentRule(updated!) };
      },
    );

    app.delete(
      '/panel/alerts/rules/:id/',
      {
        config: { access: 'workspace:admin' },
        schema: { tags, summary: 'Delete an alert rule', params: idParams, response: { 200: deleted } },
      },
      async (request) => {
        const row = await findRule(currentWorkspace(request).id, request.params.id);
        await db.delete(alertRules).where(eq(alertRules.id, row.id));
        return { data: { deleted: true } };
      },
    );
  };
}
