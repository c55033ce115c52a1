/**
 * Events nothing else writes, because they are about time passing: a worker that stopped calling
 * in, and a certificate whose expiry comes within a rule's days. Each is recorded once (its
 * subject key), checked every minute by the alert loop.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { alertRules, assets, workers } from '../db/schema.js';
import { type NewAlertEvent, recordAlertEvents } from './record-events.js';

/** Workers of a workspace silent for `offlineSeconds`: one event per silence. */
export async function recordOfflineWorkers(db: Db, offlineSeconds: number): Promise<number> {
  const silent = await db
    .select({
      id: workers.id,
      name: workers.name,
      workspace_id: workers.workspace_id,
      last_seen_at: workers.last_seen_at,
    })
    .from(workers)
    .where(
      and(
        isNotNull(workers.workspace_id),
        isNull(workers.revoked_at),
        sql`${workers.last_seen_at} < now() - make_interval(secs => ${offlineSeconds})`,
      ),
    );
  return recordAlertEvents(
    db,
    silent.map((w) => ({
      workspace_id: w.workspace_id!,
      kind: 'worker_offline',
      subject_key: `${w.id}:${w.last_seen_at!.toISOString()}`,
      data: { worker_id: w.id, name: w.name, last_seen_at: w.last_seen_at!.toISOString() },
    })),
  );
}

/** Assets whose TLS certificate (`tls.notAfter`, from the HTTP probe) expires within a rule's days. */
export async function recordExpiringCertificates(db: Db): Promise<number> {
  const rules = await db
    .select()
    .from(alertRules)
    .where(and(sql`${alertRules.enabled}`, sql`'certificate_expiring' = any(${alertRules.triggers})`));
  let written = 0;
  for (const rule of rules) {
    const notAfter = sql`(${assets.tls}->>'notAfter')::timestamptz`;
    const rows = await db
      .select({
        id: assets.id,
        host: assets.host,
        port: assets.port,
        group_id: assets.group_id,
        not_after: sql<string>`${assets.tls}->>'notAfter'`,
      })
      .from(assets)
      .where(
        and(
          eq(assets.workspace_id, rule.workspace_id),
          rule.asset_group_ids.length ? inArray(assets.group_id, rule.asset_group_ids) : undefined,
          sql`${assets.tls}->>'notAfter' is not null`,
          sql`${notAfter} < now() + make_interval(days => ${rule.cert_days})`,
          sql`${notAfter} > now() - interval '30 days'`,
        ),
      )
      .limit(1000);
    const events: NewAlertEvent[] = rows.map((a) => ({
      workspace_id: rule.workspace_id,
      kind: 'certificate_expiring',
      group_ids: [a.group_id],
      subject_key: `${rule.id}:${a.id}:${a.not_after}`,
      data: {
        rule_id: rule.id,
        asset_id: a.id,
        host: a.host,
        port: a.port,
        not_after: a.not_after,
        days: Math.max(0, Math.ceil((Date.parse(a.not_after) - Date.now()) / 86_400_000)),
      },
    }));
    written += await recordAlertEvents(db, events);
  }
  return written;
}
