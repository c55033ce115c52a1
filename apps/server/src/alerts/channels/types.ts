import type { Lang } from '@didban/core';
import type { Db } from '../../db/database.js';
import type { AlertEventRecord } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AlertMessage } from '../event-text.js';
import type { Outgoing } from '../http-send.js';
import type { MailCap } from '../mail-cap.js';

export type ChannelRow = {
  id: string;
  workspace_id: string;
  kind: string;
  name: string;
  language: Lang;
  settings: Record<string, unknown>;
};

export type DeliveryRow = {
  id: string;
  idempotency_key: string;
  purpose: 'message' | 'test' | 'tracker_open' | 'tracker_close' | 'report';
  events: AlertEventRecord[];
  workspace_id: string;
  rule: { id: string; name: string } | null;
};

/** What a channel needs to send one delivery. */
export type SendContext = {
  channel: ChannelRow;
  secrets: Record<string, string>;
  delivery: DeliveryRow;
  /** The delivery rendered in `lang` (the channel's language unless asked otherwise). */
  render(lang: Lang): AlertMessage;
  out: Outgoing;
  db: Db;
  /** The server's mailer (DIDBAN_SMTP_URL), or a channel's own SMTP server. */
  mailer(smtpUrl: string | undefined, signal?: AbortSignal): Mailer;
  publicUrl: string;
  createdAt: Date;
  /** The workspace's hourly cap on alert email recipients (email channels only). */
  mailCap: MailCap;
};

/** The answer's status code for the log (null when the protocol has none, e.g. SMTP). */
export type SendResult = { responseCode: number | null };
export type ChannelSender = (ctx: SendContext) => Promise<SendResult>;

/** Headers every HTTP delivery carries, so receivers that honour them drop a retried copy. */
export const deliveryHeaders = (ctx: SendContext) => ({
  'idempotency-key': ctx.delivery.idempotency_key,
  'x-didban-delivery': ctx.delivery.id,
});
