/**
 * Rules → deliveries. A rule with parked events sends them when it may: at once when it has no
 * throttle, else once `throttle_seconds` have passed since its last message (so at most one
 * message per rule per interval); a digest rule sends what an hour or a day gathered once that
 * hour or day is over. Message channels get one delivery carrying all the events; tracker channels
 * (Jira, GitHub) one per vulnerability to open or close.
 */
import { TRACKER_CHANNEL_KINDS } from '@didban/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type AlertEventRecord, alertChannels, alertEvents, alertPending, alertRules } from '../db/schema.js';
import { enqueueDelivery, type QueueOptions } from './delivery-queue.js';

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

/** Flush every due rule; returns the number of deliveries queued. */
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
  for (const h of holding) queued += await flushRule(db, h.rule_id, h.first, now, options);
  return queued;
}

async function flushRule(
  db: Db,
  ruleId: string,
  firstPending: Date,
  now: Date,
  options: Pick<QueueOptions, 'maxAttempts'>,
) {
  return db.transaction(async (tx) => {
    // Locked so two servers never flush one rule twice; a rule another server holds is skipped.
    const [rule] = await tx
      .select()
      .from(alertRules)
      .where(eq(alertRules.id, ruleId))
      .for('update', { skipLocked: true });
    if (!rule || !ruleIsDue(rule, firstPending, now)) return 0;
    const rows = await tx
      .select({
        id: alertEvents.id,
        kind: alertEvents.kind,
        data: alertEvents.data,
        created_at: alertEvents.created_at,
      })
      .from(alertPending)
      .innerJoin(alertEvents, eq(alertEvents.id, alertPending.event_id))
      .where(eq(alertPending.rule_id, rule.id))
      // Events of one change share a timestamp: kind, then host and port, make the message stable.
      .orderBy(
        asc(alertEvents.created_at),
        asc(alertEvents.kind),
        sql`${alertEvents.data}->>'host'`,
        sql`(${alertEvents.data}->>'port')::int`,
        asc(alertEvents.id),
      )
      .limit(MAX_EVENTS_PER_MESSAGE);
    if (rows.length === 0) return 0;
    const events: AlertEventRecord[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      at: r.created_at.toISOString(),
      data: r.data,
    }));
    const channels = rule.channel_ids.length
      ? await tx
          .select({ id: alertChannels.id, kind: alertChannels.kind })
          .from(alertChannels)
          .where(
            and(
              eq(alertChannels.workspace_id, rule.workspace_id),
              inArray(alertChannels.id, rule.channel_ids),
            ),
          )
      : [];
    const messageEvents = events.filter((e) => e.kind !== 'finding_fixed');
    let queued = 0;
    const base = { workspaceId: rule.workspace_id, ruleId: rule.id };
    for (const channel of channels) {
      if (trackers.includes(channel.kind)) {
        for (const e of events) {
          const purpose =
            e.kind === 'finding_fixed'
              ? 'tracker_close'
              : e.kind.startsWith('finding_')
                ? 'tracker_open'
                : null;
          if (!purpose) continue;
          await enqueueDelivery(tx, { ...base, channelId: channel.id, purpose, events: [e] }, options);
          queued++;
        }
      } else if (messageEvents.length) {
        await enqueueDelivery(
          tx,
          { ...base, channelId: channel.id, purpose: 'message', events: messageEvents },
          options,
        );
        queued++;
      }
    }
    await tx.delete(alertPending).where(
      and(
        eq(alertPending.rule_id, rule.id),
        inArray(
          alertPending.event_id,
          rows.map((r) => r.id),
        ),
      ),
    );
    if (messageEvents.length)
      await tx.update(alertRules).set({ last_sent_at: now }).where(eq(alertRules.id, rule.id));
    return queued;
  });
}
