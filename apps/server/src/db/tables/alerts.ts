import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.js';
import { timestamps } from './columns.js';
import { vulnerabilities } from './scans.js';
import { tasks } from './workers.js';

/**
 * Where alerts go (issue 20). `settings` holds what may be shown (API base URL, chat id, project,
 * recipients); `secret_enc` the secrets (webhook URL, token, signing secret) as AES-256-GCM under a
 * key derived from the server secret; `secret_hint` what the API shows instead (masked).
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    language: text('language').notNull().default('fa'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secret_enc: text('secret_enc'),
    secret_hint: text('secret_hint'),
    /** Attempts in a row that hit their deadline; from the second one the channel is slowed down. */
    timeouts_in_row: integer('timeouts_in_row').notNull().default(0),
    /** Deliveries to this channel wait until then (backoff after repeated timeouts). */
    slow_until: timestamp('slow_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('alert_channels_workspace_idx').on(t.workspace_id, t.created_at)],
);

/** When to tell whom: triggers, asset-group filter, channels, throttle and digest. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    triggers: text('triggers').array().notNull().default([]),
    min_severity: text('min_severity').notNull().default('low'),
    cert_days: integer('cert_days').notNull().default(14),
    /** Empty: every group. */
    asset_group_ids: uuid('asset_group_ids').array().notNull().default([]),
    channel_ids: uuid('channel_ids').array().notNull().default([]),
    throttle_seconds: integer('throttle_seconds').notNull().default(0),
    digest: text('digest').notNull().default('off'),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('alert_rules_workspace_idx').on(t.workspace_id, t.created_at)],
);

/**
 * Something that happened, written in the same transaction as the record it comes from (asset
 * changelog, vulnerability, scan history). The alert loop matches it to rules later, so writing
 * it costs ingestion one insert. `subject_key` makes once-only events (a certificate's expiry
 * warning, a worker going offline since a given time) unique.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    group_ids: uuid('group_ids').array().notNull().default([]),
    subject_key: text('subject_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_events_unprocessed_idx').on(t.created_at).where(sql`${t.processed_at} is null`),
    uniqueIndex('alert_events_subject_idx')
      .on(t.workspace_id, t.kind, t.subject_key)
      .where(sql`${t.subject_key} is not null`),
  ],
);

/** Events a rule matched and has not sent yet (held by its throttle or digest). */
export const alertPending = pgTable(
  'alert_pending',
  {
    rule_id: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'alert_pending_pk', columns: [t.rule_id, t.event_id] })],
);

/** 'held': an email delivery waiting for its workspace's next mail window (DIDBAN_ALERTS_MAIL_PER_HOUR). */
export const DELIVERY_STATUSES = ['queued', 'retrying', 'held', 'delivered', 'failed'] as const;

/**
 * One message to one channel, and its log (status, attempts, response code, error). Its 'alert-delivery'
 * task in the queue is what the server's alert loop claims; `idempotency_key` is sent with every
 * attempt so a receiver can drop a retried copy.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    channel_id: uuid('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    rule_id: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** 'message' (rule), 'test' (send test), 'tracker_open' / 'tracker_close' (Jira, GitHub). */
    purpose: text('purpose').notNull(),
    /** The events as sent (copied, so the log and retries do not depend on pruned rows). */
    events: jsonb('events').$type<AlertEventRecord[]>().notNull().default([]),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    response_code: integer('response_code'),
    error: text('error'),
    idempotency_key: text('idempotency_key').notNull(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('alert_deliveries_channel_idx').on(t.channel_id, t.created_at),
    index('alert_deliveries_workspace_idx').on(t.workspace_id, t.created_at),
    index('alert_deliveries_task_idx').on(t.task_id),
  ],
);

export type AlertEventRecord = { id: string; kind: string; at: string; data: Record<string, unknown> };

/** The tracker issue opened for a vulnerability on a channel (Jira key / GitHub number) and its link. */
export const alertTrackerLinks = pgTable(
  'alert_tracker_links',
  {
    channel_id: uuid('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    url: text('url').notNull(),
    state: text('state').notNull().default('open'),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'alert_tracker_links_pk', columns: [t.channel_id, t.vulnerability_id] })],
);

/**
 * Alert email recipients a workspace mailed in one window (an hour): the cap that keeps a free
 * workspace from turning the operator's SMTP into a bulk mailer. Rows of past windows are pruned.
 */
export const alertMailWindows = pgTable(
  'alert_mail_windows',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    recipients: integer('recipients').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'alert_mail_windows_pk', columns: [t.workspace_id, t.window_start] })],
);
