/** Rows as the API answers them; a channel's secrets only masked. */
import type { AlertChannel, AlertDelivery, AlertRule } from '@didban/core';
import type { alertChannels, alertDeliveries, alertRules } from '../db/schema.js';
import { maskSecret, type SecretBox } from './secret-box.js';

type ChannelRow = typeof alertChannels.$inferSelect;
type RuleRow = typeof alertRules.$inferSelect;
type DeliveryRow = typeof alertDeliveries.$inferSelect;

export function presentChannel(
  row: ChannelRow,
  box: SecretBox,
  last: Pick<DeliveryRow, 'status' | 'created_at' | 'response_code'> | null,
): AlertChannel {
  const secrets = row.secret_enc ? box.open(row.secret_enc) : {};
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AlertChannel['kind'],
    language: row.language as AlertChannel['language'],
    settings: row.settings,
    secrets: Object.fromEntries(Object.entries(secrets).map(([k, v]) => [k, maskSecret(String(v))])),
    last_delivery: last
      ? { status: last.status, at: last.created_at.toISOString(), response_code: last.response_code }
      : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentRule(row: RuleRow): AlertRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    triggers: row.triggers as AlertRule['triggers'],
    min_severity: row.min_severity as AlertRule['min_severity'],
    cert_days: row.cert_days,
    asset_group_ids: row.asset_group_ids,
    channel_ids: row.channel_ids,
    throttle_seconds: row.throttle_seconds,
    digest: row.digest as AlertRule['digest'],
    last_sent_at: row.last_sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): AlertDelivery {
  return {
    id: row.id,
    channel_id: row.channel_id,
    rule_id: row.rule_id,
    purpose: row.purpose as AlertDelivery['purpose'],
    status: row.status,
    attempts: row.attempts,
    response_code: row.response_code,
    error: row.error,
    event_kinds: row.purpose === 'test' ? ['test'] : [...new Set(row.events.map((e) => e.kind))],
    event_count: row.events.length,
    idempotency_key: row.idempotency_key,
    created_at: row.created_at.toISOString(),
    next_attempt_at:
      row.status === 'retrying' || row.status === 'queued' || row.status === 'held'
        ? row.next_attempt_at.toISOString()
        : null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
  };
}
