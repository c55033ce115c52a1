/**
 * /api/v1/panel/alerts/channels/…: the workspace's channels (secrets sealed, shown masked) and
 * their "send test". Members read; admins and the owner manage.
 */
import {
  alertChannelInputSchema,
  alertChannelListSchema,
  alertChannelSchema,
  alertChannelUpdateSchema,
  alertDeliverySchema,
  envelope,
} from '@didban/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { alertChannels, alertDeliveries, alertRules } from '../db/schema.js';
import { currentWorkspace } from '../http/access.js';
import { notFound, RequestValidationError } from '../http/errors.js';
import { enqueueDelivery } from './delivery-queue.js';
import { refusedDestination } from './delivery-scope.js';
import { presentChannel, presentDelivery } from './present.js';
import { fieldError } from './route-errors.js';
import { deletedAnswer, idParams, manageRoute, readRoute } from './route-options.js';
import { requireSecretsForNewDestination } from './secret-binding.js';
import type { SecretBox } from './secret-box.js';

const testSendsPerAccount = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

export function channelRoutes(deps: AppDeps, box: SecretBox): FastifyPluginAsyncZod {
  const { db, config } = deps;

  /** The channel named by `:id`, if it belongs to the caller's workspace (404 otherwise). */
  const channelOf = async (request: FastifyRequest & { params: { id: string } }) => {
    const [row] = await db
      .select()
      .from(alertChannels)
      .where(
        and(
          eq(alertChannels.id, request.params.id),
          eq(alertChannels.workspace_id, currentWorkspace(request).id),
        ),
      );
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
      ['secrets.smtp_url', secrets.smtp_url],
    ] as const) {
      if (typeof value === 'string' && (await refusedDestination(config, value)))
        throw fieldError(field, 'alerts.destination_refused');
    }
  };

  return async (app) => {
    app.get(
      '/panel/alerts/channels/',
      readRoute({
        summary: 'Alert channels (secrets masked)',
        response: { 200: envelope(alertChannelListSchema) },
      }),
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
      manageRoute({
        summary: 'Add an alert channel',
        body: alertChannelInputSchema,
        response: { 201: envelope(alertChannelSchema) },
      }),
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
      readRoute({
        summary: 'One alert channel',
        params: idParams,
        response: { 200: envelope(alertChannelSchema) },
      }),
      async (request) => ({ data: await present(await channelOf(request)) }),
    );

    app.patch(
      '/panel/alerts/channels/:id/',
      manageRoute({
        summary:
          'Change an alert channel (secrets given replace the stored ones; a new destination needs them given again)',
        params: idParams,
        body: alertChannelUpdateSchema,
        response: { 200: envelope(alertChannelSchema) },
      }),
      async (request) => {
        const row = await channelOf(request);
        const stored = row.secret_enc ? box.open(row.secret_enc) : {};
        // The change is checked as a whole channel, with the same rules as a new one.
        const merged = alertChannelInputSchema.safeParse({
          name: request.body.name ?? row.name,
          kind: row.kind,
          language: request.body.language ?? row.language,
          settings: request.body.settings ?? row.settings,
          // A tracker's webhook secret (inbound only, never sent anywhere) outlives new credentials.
          secrets: request.body.secrets
            ? {
                ...(stored.webhook_secret ? { webhook_secret: stored.webhook_secret } : {}),
                ...request.body.secrets,
              }
            : stored,
        });
        if (!merged.success) throw new RequestValidationError(merged.error.issues);
        requireSecretsForNewDestination(
          row.settings,
          merged.data.settings as Record<string, unknown>,
          stored,
          request.body.secrets,
        );
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
      manageRoute({
        summary: 'Delete an alert channel (rules stop sending to it)',
        params: idParams,
        response: { 200: deletedAnswer },
      }),
      async (request) => {
        const row = await channelOf(request);
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
        ...manageRoute({
          summary:
            'Queue a test message to a channel (5 a minute per account); its outcome shows in the delivery log',
          params: idParams,
          response: { 202: envelope(alertDeliverySchema) },
        }),
        // Each test is a message to whatever the channel names (an email channel: up to 50
        // addresses nobody verified, through the operator's SMTP), so it is limited like a
        // verification mail: a free account cannot make the server mail or post without end.
        config: { access: 'workspace:admin' as const, rateLimit: testSendsPerAccount },
      },
      async (request, reply) => {
        const row = await channelOf(request);
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
  };
}
