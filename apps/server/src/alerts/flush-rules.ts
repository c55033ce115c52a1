/**
 * Rules → deliveries. A rule with parked events sends them when it may: at once when it has no
 * throttle, else once `throttle_seconds` have passed since its last message (so at most one
 * message per rule per interval); a digest rule sends what an hour or a day gathered once that
 * hour or day is over. Message channels get one delivery carrying all the events; tracker channels
 * (Jira, GitHub) one per vulnerability to open or close. Many rules share one transaction and one
 * round of queries, so a thousand rules firing at once cost a handful of statements, not thousands.
 */
import { TRACKER_CHANNEL_KINDS } from '@didban/core';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type AlertEventRecord, alertChannels, alertEvents, alertPending, alertRules } from '../db/schema.js';
import { enqueueDeliveries, type NewDelivery, type QueueOptions } from './delivery-queue.js';

type RuleRow = typeof alertRules.$inferSelect;

const MAX_EVENTS_PER_MESSAGE = 500;
const trackers: readonly string[] = TRACKER_CHANNEL_KINDS;

const truncate = (d: Date, unit: 'hour' | 'day') => {
  const t = new Date(d);
  t.setUTCMinutes(0, 0, 0);
  if (unit === 'day') t.setUTCHours(0);
  return t.getTime();
};

/** Whether a rule holding events since `firstPending` may send at `now`. */
export function ruleIsDue(
  rule: Pick<RuleRow, 'digest' | 'throttle_seconds' | 'last_sent_at'>,
  firstPending: Date,
  now: Date,
) {
  if (rule.digest === 'hourly' || rule.digest === 'daily') {
    const unit = rule.digest === 'hourly' ? 'hour' : 'day';
    return truncate(firstPending, unit) < truncate(now, unit);
  }
  if (!rule.last_sent_at || rule.throttle_seconds === 0) return true;
  return now.getTime() - rule.last_sent_at.getTime() >= rule.throttle_seconds * 1000;
}

/** Rules flushed in one transaction: one round of queries serves them all. */
const RULES_PER_TRANSACTION = 200;
/** (rule, event) pairs a DELETE names at most, two bind parameters each. */
const PAIRS_PER_DELETE = 10_000;

/** Flush every due rule, a few hundred per transaction; returns the number of deliveries queued. */
export async function flushDueRules(
  db: Db,
  options: Pick<QueueOptions, 'maxAttempts'>,
  now = new Date(),
): Promise<number> {
  const holding = await db
    .select({
      rule_id: alertPending.rule_id,
      first: sql<Date>`min(${alertPending.created_at})`.mapWith(alertPending.created_at),
    })
    .from(alertPending)
    .groupBy(alertPending.rule_id);
  let queued = 0;
  for (let i = 0; i < holding.length; i += RULES_PER_TRANSACTION)
    queued += await flushRules(db, holding.slice(i, i + RULES_PER_TRANSACTION), now, options);
  return queued;
}

const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

async function flushRules(
  db: Db,
  holding: { rule_id: string; first: Date }[],
  now: Date,
  options: Pick<QueueOptions, 'maxAttempts'>,
) {
  const firstOf = new Map(holding.map((h) => [h.rule_id, h.first]));
  return db.transaction(async (tx) => {
    // Locked so two servers never flush one rule twice; rules another server holds are skipped.
    const locked = await tx
      .select()
      .from(alertRules)
      .where(inArray(alertRules.id, [...firstOf.keys()]))
      .for('update', { skipLocked: true });
    const due = locked.filter((r) => ruleIsDue(r, firstOf.get(r.id)!, now));
    if (due.length === 0) return 0;

    // Each rule's first events, in message order: events of one change share a timestamp, so
    // kind, then host and port, make the message stable.
    const ranked = tx
      .select({
        rule_id: alertPending.rule_id,
        id: alertEvents.id,
        kind: alertEvents.kind,
        data: alertEvents.data,
        created_at: alertEvents.created_at,
        n: sql<number>`row_number() over (partition by ${alertPending.rule_id} order by
          ${alertEvents.created_at}, ${alertEvents.kind}, ${alertEvents.data}->>'host',
          (${alertEvents.data}->>'port')::int, ${alertEvents.id})`
          .mapWith(Number)
          .as('n'),
      })
      .from(alertPending)
      .innerJoin(alertEvents, eq(alertEvents.id, alertPending.event_id))
      .where(
        inArray(
          alertPending.rule_id,
          due.map((r) => r.id),
        ),
      )
      .as('ranked');
    const rows = await tx
      .select()
      .from(ranked)
      .where(lte(ranked.n, MAX_EVENTS_PER_MESSAGE))
      .orderBy(asc(ranked.rule_id), asc(ranked.n));
    const eventsOf = new Map<string, AlertEventRecord[]>();
    for (const r of rows) {
      const list = eventsOf.get(r.rule_id) ?? [];
      list.push({ id: r.id, kind: r.kind, at: new Date(r.created_at).toISOString(), data: r.data });
      eventsOf.set(r.rule_id, list);
    }

    const channelIds = [...new Set(due.flatMap((r) => r.channel_ids))];
    const channels = channelIds.length
      ? await tx
          .select({
            id: alertChannels.id,
            kind: alertChannels.kind,
            workspace_id: alertChannels.workspace_id,
          })
          .from(alertChannels)
          .where(inArray(alertChannels.id, channelIds))
      : [];
    const channelById = new Map(channels.map((c) => [c.id, c]));

    const deliveries: NewDelivery[] = [];
    const sentIds: string[] = [];
    const pairs: [string, string][] = [];
    for (const rule of due) {
      const events = eventsOf.get(rule.id) ?? [];
      if (events.length === 0) continue;
      for (const e of events) pairs.push([rule.id, e.id]);
      const messageEvents = events.filter((e) => e.kind !== 'finding_fixed');
      if (messageEvents.length) sentIds.push(rule.id);
      const base = { workspaceId: rule.workspace_id, ruleId: rule.id };
      for (const channelId of rule.channel_ids) {
        const channel = channelById.get(channelId);
        // A channel of another workspace is never sent to, whatever a rule row says.
        if (!channel || channel.workspace_id !== rule.workspace_id) continue;
        if (trackers.includes(channel.kind)) {
          for (const e of events) {
            const purpose =
              e.kind === 'finding_fixed'
                ? 'tracker_close'
                : e.kind.startsWith('finding_')
                  ? 'tracker_open'
                  : null;
            if (purpose) deliveries.push({ ...base, channelId, purpose, events: [e] });
          }
        } else if (messageEvents.length) {
          deliveries.push({ ...base, channelId, purpose: 'message', events: messageEvents });
        }
      }
    }
    await enqueueDeliveries(tx, deliveries, options);
    for (let i = 0; i < pairs.length; i += PAIRS_PER_DELETE) {
      const chunk = pairs.slice(i, i + PAIRS_PER_DELETE);
      await tx.execute(sql`delete from alert_pending
        where (rule_id, event_id) in (select * from unnest(${uuids(chunk.map((p) => p[0]))}, ${uuids(chunk.map((p) => p[1]))}))`);
    }
    if (sentIds.length)
      await tx.update(alertRules).set({ last_sent_at: now }).where(inArray(alertRules.id, sentIds));
    return deliveries.length;
  });
}
