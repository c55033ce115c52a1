/** One attempt of one delivery: load it with its channel, open the secrets, send, report the outcome. */
import type { Lang } from '@didban/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { alertChannels, alertDeliveries, alertRules } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { renderReportMail } from '../reports/deliver-report.js';
import { CHANNEL_SENDERS } from './channels/index.js';
import type { DeliveryRow } from './channels/types.js';
import type { Outcome } from './delivery-queue.js';
import { renderAlert } from './event-text.js';
import { DeliveryFailure, DeliveryTimeout, type Outgoing } from './http-send.js';
import { type MailCap, MailHeld } from './mail-cap.js';
import type { SecretBox } from './secret-box.js';

export type SendDeps = {
  db: Db;
  box: SecretBox;
  out: Outgoing;
  /** Total deadline of one attempt; at it every connection of the attempt is destroyed. */
  attemptMs: number;
  mailer(smtpUrl: string | undefined, signal?: AbortSignal): Mailer;
  publicUrl: string;
  mailCap: MailCap;
};

export async function attemptDelivery(deps: SendDeps, deliveryId: string): Promise<Outcome> {
  const [row] = await deps.db
    .select({ delivery: alertDeliveries, channel: alertChannels, rule_name: alertRules.name })
    .from(alertDeliveries)
    .innerJoin(alertChannels, eq(alertChannels.id, alertDeliveries.channel_id))
    .leftJoin(alertRules, eq(alertRules.id, alertDeliveries.rule_id))
    .where(eq(alertDeliveries.id, deliveryId));
  if (!row) return { ok: false, responseCode: null, error: 'channel deleted', retryable: false };
  const { delivery, channel } = row;
  const sender = CHANNEL_SENDERS[channel.kind];
  if (!sender)
    return { ok: false, responseCode: null, error: `unknown channel kind ${channel.kind}`, retryable: false };
  const ruleName = delivery.purpose === 'test' ? null : (row.rule_name ?? '');
  const d: DeliveryRow = {
    id: delivery.id,
    idempotency_key: delivery.idempotency_key,
    purpose: delivery.purpose as DeliveryRow['purpose'],
    events: delivery.events,
    workspace_id: delivery.workspace_id,
    rule: delivery.rule_id && ruleName !== null ? { id: delivery.rule_id, name: ruleName } : null,
  };
  const events =
    d.purpose === 'test'
      ? [{ id: d.id, kind: 'test', at: delivery.created_at.toISOString(), data: {} }]
      : d.events;
  // The attempt ends at its deadline whatever the channel is doing (a tracker's several requests,
  // an email's recipients, a name lookup that never answers): its connections are destroyed and
  // the lease, longer than this, is still held while the outcome is written.
  const attempt = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DeliveryTimeout(deps.attemptMs);
      attempt.abort(reason);
      reject(reason);
    }, deps.attemptMs);
  });
  try {
    const result = await Promise.race([deadline, sendWith({ ...deps.out, signal: attempt.signal })]);
    return { ok: true, responseCode: result.responseCode };
  } catch (error) {
    if (error instanceof MailHeld)
      return { ok: false, responseCode: null, error: error.message, retryable: true, heldUntil: error.until };
    if (error instanceof DeliveryFailure)
      return {
        ok: false,
        responseCode: error.responseCode,
        error: error.message,
        retryable: error.retryable,
        timedOut: error instanceof DeliveryTimeout,
      };
    return {
      ok: false,
      responseCode: null,
      error: error instanceof Error ? error.message : String(error),
      retryable: true,
    };
  } finally {
    clearTimeout(timer);
    // Nothing of a finished attempt may linger (a connection still open after the answer).
    attempt.abort();
  }

  function sendWith(out: Outgoing) {
    return sender!({
      channel: { ...channel, language: channel.language as Lang },
      secrets: channel.secret_enc ? deps.box.open(channel.secret_enc) : {},
      delivery: d,
      render: (lang) =>
        d.purpose === 'report' ? renderReportMail(events, lang) : renderAlert(ruleName, events, lang),
      out,
      db: deps.db,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      mailCap: deps.mailCap,
      createdAt: delivery.created_at,
    });
  }
}
