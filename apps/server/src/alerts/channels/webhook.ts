/**
 * The generic webhook: a versioned JSON body (docs/alerts.md) signed with HMAC-SHA256 over
 * `<timestamp>.<body>` when the channel has a signing secret.
 */
import { createHmac } from 'node:crypto';
import { ALERT_WEBHOOK_PAYLOAD_VERSION } from '@didban/core';
import { sendHttp } from '../http-send.js';
import { type ChannelSender, deliveryHeaders, type SendContext } from './types.js';

export function webhookBody(ctx: SendContext) {
  const message = ctx.render(ctx.channel.language);
  return {
    version: ALERT_WEBHOOK_PAYLOAD_VERSION,
    id: ctx.delivery.id,
    idempotency_key: ctx.delivery.idempotency_key,
    type: ctx.delivery.purpose === 'test' ? 'test' : 'alert',
    created_at: ctx.createdAt.toISOString(),
    workspace_id: ctx.delivery.workspace_id,
    rule: ctx.delivery.rule,
    language: message.lang,
    title: message.title,
    text: message.lines.join('\n'),
    events: ctx.delivery.events,
  };
}

/** `sha256=<hex>` of `<timestamp>.<body>`. @example signWebhook('s', '1700000000', '{}') */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export const sendWebhook: ChannelSender = async (ctx) => {
  const body = JSON.stringify(webhookBody(ctx));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signing = ctx.secrets.signing_secret;
  const answer = await sendHttp(ctx.out, 'POST', ctx.secrets.url!, body, {
    ...deliveryHeaders(ctx),
    'x-didban-event': ctx.delivery.purpose === 'test' ? 'test' : 'alert',
    'x-didban-timestamp': timestamp,
    ...(signing ? { 'x-didban-signature': signWebhook(signing, timestamp, body) } : {}),
  });
  return { responseCode: answer.status };
};
