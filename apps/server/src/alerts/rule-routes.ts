/**
 * /api/v1/panel/alerts/rules/… and the delivery log: what to tell whom, and what was sent.
 * Members read; admins and the owner manage.
 */
import {
  alertDeliveryListSchema,
  alertDeliveryQuery,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  envelope,
  pageInfo,
} from '@didban/core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { alertChannels, alertDeliveries, alertRules, assetGroups } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { notFound } from '../http/errors.js';
import { presentDelivery, presentRule } from './present.js';
import { fieldError } from './route-errors.js';
import { deletedAnswer, idParams, manageRoute, readRoute } from './route-options.js';

export function ruleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;

  /** The rule named by `:id`, if it belongs to the caller's workspace (404 otherwise). */
  const ruleOf = async (request: FastifyRequest & { params: { id: string } }) => {
    const [row] = await db
      .select()
      .from(alertRules)
      .where(
        and(eq(alertRules.id, request.params.id), eq(alertRules.workspace_id, currentWorkspace(request).id)),
      );
    if (!row) throw notFound();
    return row;
  };
  /** Channels and groups a rule names must be the workspace's own. */
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
    app.get(
      '/panel/alerts/deliveries/',
      readRoute({
        summary: 'The delivery log, newest first (optionally one channel)',
        querystring: alertDeliveryQuery,
        response: { 200: envelope(alertDeliveryListSchema) },
      }),
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

    app.get(
      '/panel/alerts/rules/',
      readRoute({ summary: 'Alert rules', response: { 200: envelope(alertRuleListSchema) } }),
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
      manageRoute({
        summary: 'Add an alert rule',
        body: alertRuleInputSchema,
        response: { 201: envelope(alertRuleSchema) },
      }),
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
      manageRoute({
        summary: 'Change an alert rule',
        params: idParams,
        body: alertRuleUpdateSchema,
        response: { 200: envelope(alertRuleSchema) },
      }),
      async (request) => {
        const row = await ruleOf(request);
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
      manageRoute({ summary: 'Delete an alert rule', params: idParams, response: { 200: deletedAnswer } }),
      async (request) => {
        const row = await ruleOf(request);
        await db.delete(alertRules).where(eq(alertRules.id, row.id));
        return { data: { deleted: true } };
      },
    );
  };
}
