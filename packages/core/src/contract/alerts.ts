import { z } from 'zod';
import { pagedList, pageQuery } from './envelope.js';

// ---------------------------------------------------------------------------------------------
// Alerts and integrations (issue 20): channels, rules and the delivery log of a workspace.
// Members read; admins and the owner manage. Secrets go in, only their masked hints come out.
// ---------------------------------------------------------------------------------------------

/** What can set an alert off. Events come from the asset changelog, vulnerabilities and runs. */
export const ALERT_TRIGGERS = [
  'asset_new',
  'asset_gone',
  'port_opened',
  'port_closed',
  'technology_changed',
  'certificate_expiring',
  'finding_new',
  'finding_reopened',
  // The findings lifecycle (issue 32).
  'finding_assigned',
  'acceptance_expired',
  'sla_breached',
  'scan_finished',
  'scan_failed',
  'worker_offline',
] as const;
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number];

/** Event kinds: the triggers plus 'finding_fixed', which closes tracker issues. */
export type AlertEventKind = AlertTrigger | 'finding_fixed';

export const ALERT_CHANNEL_KINDS = [
  'webhook',
  'slack',
  'discord',
  'telegram',
  'teams',
  'email',
  'jira',
  'github',
] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
/** Channels that open one issue per vulnerability instead of posting a message. */
export const TRACKER_CHANNEL_KINDS = ['jira', 'github'] as const;

export const ALERT_DIGESTS = ['off', 'hourly', 'daily'] as const;
export const ALERT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export const DELIVERY_STATUSES = ['queued', 'retrying', 'held', 'delivered', 'failed'] as const;
/** Version of the generic webhook's JSON body (docs/alerts.md documents it). */
export const ALERT_WEBHOOK_PAYLOAD_VERSION = 1;

const url = z.url({ protocol: /^https?$/, error: 'alerts.url_invalid' }).max(2000, 'alerts.url_invalid');
const token = z.string().trim().min(1, 'alerts.token_required').max(500, 'alerts.token_required');
const name = z.string().trim().min(1, 'alerts.name_required').max(100, 'validation.too_big_string');
const language = z.enum(['fa', 'en'], 'alerts.language_invalid').default('fa');
const email = z.email('alerts.recipient_invalid');

const base = { name, language };
const webhookLike = <K extends string>(kind: K) =>
  z.strictObject({
    ...base,
    kind: z.literal(kind),
    settings: z.strictObject({}).default({}),
    secrets: z.strictObject({ url }),
  });

/**
 * A channel as created: `secrets` are stored encrypted and never answered in full; `settings`
 * are shown back. Telegram, Jira and GitHub take an `api_url` so a proxy, a self-hosted
 * instance or a test stand-in can stand in for the public service.
 */
export const alertChannelInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      ...base,
      kind: z.literal('webhook'),
      settings: z.strictObject({}).default({}),
      secrets: z.strictObject({ url, signing_secret: z.string().max(200).optional() }),
    }),
    webhookLike('slack'),
    webhookLike('discord'),
    webhookLike('teams'),
    z.strictObject({
      ...base,
      kind: z.literal('telegram'),
      settings: z.strictObject({
        chat_id: z.string().trim().min(1, 'alerts.chat_id_required').max(100),
        api_url: url.optional(),
      }),
      secrets: z.strictObject({ token }),
    }),
    z.strictObject({
      ...base,
      kind: z.literal('email'),
      settings: z.strictObject({
        /** An address, or an address with its reader's language (the channel's when absent). */
        recipients: z
          .array(
            z.union([
              email,
              z.strictObject({ email, language: z.enum(['fa', 'en'], 'alerts.language_invalid') }),
            ]),
          )
          .min(1, 'alerts.recipients_required')
          .max(50),
      }),
      /** An SMTP server of this channel (smtp://user:pass@host:port); the server's own when absent. */
      secrets: z
        .strictObject({ smtp_url: z.url({ protocol: /^smtps?$/, error: 'alerts.url_invalid' }).optional() })
        .default({}),
    }),
    z.strictObject({
      ...base,
      kind: z.literal('jira'),
      settings: z.strictObject({
        api_url: url,
        project_key: z.string().trim().min(1, 'alerts.project_required').max(50),
        issue_type: z.string().trim().min(1).max(50).default('Bug'),
        done_transition: z.string().trim().min(1).max(50).default('Done'),
        email: email,
      }),
      /** `webhook_secret`: signs the tracker's webhook back to Didban (docs/alerts.md). */
      secrets: z.strictObject({ token, webhook_secret: z.string().max(200).optional() }),
    }),
    z.strictObject({
      ...base,
      kind: z.literal('github'),
      settings: z.strictObject({
        api_url: url.optional(),
        repo: z
          .string()
          .trim()
          .regex(/^[\w.-]+\/[\w.-]+$/, 'alerts.repo_invalid'),
      }),
      /** `webhook_secret`: signs the tracker's webhook back to Didban (docs/alerts.md). */
      secrets: z.strictObject({ token, webhook_secret: z.string().max(200).optional() }),
    }),
  ],
  { error: 'alerts.kind_invalid' },
);
export type AlertChannelInput = z.input<typeof alertChannelInputSchema>;

/** A change: any part may be left out; `secrets`, when given, replaces the stored ones. */
export const alertChannelUpdateSchema = z.strictObject({
  name: name.optional(),
  language: z.enum(['fa', 'en'], 'alerts.language_invalid').optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secrets: z.record(z.string(), z.unknown()).optional(),
});
export type AlertChannelUpdateInput = z.input<typeof alertChannelUpdateSchema>;

export const alertChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_CHANNEL_KINDS),
  language: z.enum(['fa', 'en']),
  settings: z.record(z.string(), z.unknown()),
  /** Each secret masked, e.g. { url: 'https://hooks.slack.com/…a1B2' }. */
  secrets: z.record(z.string(), z.string()),
  last_delivery: z
    .object({ status: z.enum(DELIVERY_STATUSES), at: z.string(), response_code: z.number().nullable() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertChannel = z.infer<typeof alertChannelSchema>;
export const alertChannelListSchema = z.array(alertChannelSchema);

export const alertRuleInputSchema = z.strictObject({
  name,
  enabled: z.boolean().default(true),
  triggers: z.array(z.enum(ALERT_TRIGGERS, 'alerts.trigger_invalid')).min(1, 'alerts.triggers_required'),
  min_severity: z.enum(ALERT_SEVERITIES, 'alerts.severity_invalid').default('low'),
  cert_days: z.number().int().min(1, 'alerts.cert_days_range').max(365, 'alerts.cert_days_range').default(14),
  asset_group_ids: z.array(z.uuid('alerts.group_unknown')).max(100).default([]),
  channel_ids: z.array(z.uuid('alerts.channel_unknown')).min(1, 'alerts.channels_required').max(20),
  throttle_seconds: z
    .number()
    .int()
    .min(0, 'alerts.throttle_range')
    .max(7 * 86400, 'alerts.throttle_range')
    .default(0),
  digest: z.enum(ALERT_DIGESTS, 'alerts.digest_invalid').default('off'),
});
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;
export const alertRuleUpdateSchema = alertRuleInputSchema.partial();
export type AlertRuleUpdateInput = z.input<typeof alertRuleUpdateSchema>;

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  triggers: z.array(z.enum(ALERT_TRIGGERS)),
  min_severity: z.enum(ALERT_SEVERITIES),
  cert_days: z.number().int(),
  asset_group_ids: z.array(z.string()),
  channel_ids: z.array(z.string()),
  throttle_seconds: z.number().int(),
  digest: z.enum(ALERT_DIGESTS),
  last_sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRuleListSchema = z.array(alertRuleSchema);

/** One line of the delivery log. */
export const alertDeliverySchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  rule_id: z.string().nullable(),
  purpose: z.enum(['message', 'test', 'tracker_open', 'tracker_close']),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Event kinds it carried, e.g. ['asset_new', 'port_opened']. */
  event_kinds: z.array(z.string()),
  event_count: z.number().int(),
  idempotency_key: z.string(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveryListSchema = pagedList(alertDeliverySchema);
export const alertDeliveryQuery = pageQuery.extend({ channel_id: z.uuid().optional() });
