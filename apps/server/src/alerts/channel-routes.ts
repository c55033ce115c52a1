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
import { HttpError, notFound, RequestValidationError } from '../http/errors.js';
import { enqueueDelivery } from './delivery-queue.js';
import { alertOwnAddresses, type DestinationRefusal, refusedDestination } from './delivery-scope.js';
import { presentChannel, presentDelivery } from './present.js';
import { fieldError } from './route-errors.js';
import { deletedAnswer, idParams, manageRoute, readRoute } from './route-options.js';
import { requireSecretsForNewDestination } from './secret-binding.js';
import type { SecretBox } from './secret-box.js';

/**
 * "Send test" limits (docs/alerts.md): 5 a minute per channel, whoever sends them (a destination
 * gets no more test messages than that), so testing every channel of a workspace in turn just
 * works; and 30 a minute per account over all channels, so adding channels does not unlock sends
 * without end.
 */
const testSendsPerChannel = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `channel:${(request.params as { id?: string }).id ?? ''}`,
};
const testSendsPerAccount = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `account:${request.user?.id ?? request.ip}`,
};

const REFUSAL_KEYS = {
  internal: 'alerts.destination_refused',
  own: 'alerts.destination_own',
  resolves: 'alerts.destination_resolves_refused',
} as const satisfies Record<DestinationRefusal, string>;

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

  /**
   * The server's own endpoints, as the alert loop gets them (server.ts): known once the app
   * listens, so they are read from the listening socket on first use and kept.
   */
  let own: Promise<string[]> | undefined;
  const ownOf = (request: FastifyRequest) => {
    if (own) return own;
    // A unix socket (a string) has no network address of its own.
    const listening = request.server.addresses().find((a) => typeof a === 'object');
    const found = alertOwnAddresses(
      config,
      listening
        ? `http://${listening.family === 'IPv6' ? `[${listening.address}]` : listening.address}:${listening.port}`
        : undefined,
    );
    if (listening) own = found;
    return found;
  };

  /**
   * Destinations the sends would refuse (internal, this server's own endpoint, a name resolving
   * to either) are refused when saved, at their field, with the reason the send would give.
   */
  const checkDestinations = async (
    request: FastifyRequest,
    secrets: Record<string, unknown>,
    settings: Record<string, unknown>,
  ) => {
    for (const [field, value] of [
      ['secrets.url', secrets.url],
      ['settings.api_url', settings.api_url],
      ['secrets.smtp_url', secrets.smtp_url],
    ] as const) {
      if (typeof value !== 'string') continue;
      const refusal = await refusedDestination(config, await ownOf(request), value);
      if (refusal) throw fieldError(field, REFUSAL_KEYS[refusal]);
    }
  };

  return async (app) => {
    const accountTestLimit = app.createRateLimit(testSendsPerAccount);
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
        await checkDestinations(request, body.secrets, body.settings);
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
        await checkDestinations(request, merged.data.secrets, merged.data.settings);
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
            'Queue a test message to a channel (5 a minute per channel, 30 a minute per account); its outcome shows in the delivery log',
          params: idParams,
          response: { 202: envelope(alertDeliverySchema) },
        }),
        // Each test is a message to whatever the channel names (an email channel: up to 50
        // addresses nobody verified, through the operator's SMTP), so it is limited like a
        // verification mail: a free account cannot make the server mail or post without end.
        config: { access: 'workspace:admin' as const, rateLimit: testSendsPerChannel },
      },
      async (request, reply) => {
        const row = await channelOf(request);
        const account = await accountTestLimit(request);
        if (!account.isAllowed && account.isExceeded)
          throw new HttpError(429, 'rate_limited', 'errors.rate_limited', {
            seconds: account.ttlInSeconds,
          }).withHeaders({ 'retry-after': String(account.ttlInSeconds) });
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
