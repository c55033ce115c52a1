/**
 * A group's enumeration schedule: the plan rules (a start time to repeat from, weekdays for
 * 'custom') and the upsert used when a group body carries scan_frequency / custom_weekdays /
 * start_time (spec §3 asset group fields).
 */
import type { ENUMERATION_FREQUENCIES } from '@didban/core';
import { and, eq, sql } from 'drizzle-orm';
import { schedules } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';
import { nextRunAfter } from '../scheduler/next-run.js';
import { ENUMERATION_SCHEDULE_KIND } from './schedule-kind-name.js';

export type PlanInput = { frequency: string; weekdays: number[]; start: Date | null };

/** A schedule plan must be runnable: a start time to repeat from, weekdays for 'custom'. */
export function checkPlan(plan: { frequency: string; weekdays: number[]; start: Date | null }) {
  if (plan.frequency === 'none') return;
  if (!plan.start) {
    throw new HttpError(
      400,
      'schedule_start_required',
      'assets.schedule_start_required',
      {},
      {
        start_time: ['assets.schedule_start_required'],
      },
    );
  }
  if (plan.frequency === 'custom' && plan.weekdays.length === 0) {
    throw new HttpError(
      400,
      'schedule_weekdays_required',
      'assets.schedule_weekdays_required',
      {},
      {
        custom_weekdays: ['assets.schedule_weekdays_required'],
      },
    );
  }
}

/** The next slot from now on (the start itself when it is still ahead). */
export const firstSlot = (plan: { frequency: string; weekdays: number[]; start: Date | null }) =>
  nextRunAfter(
    { ...plan, frequency: plan.frequency as (typeof ENUMERATION_FREQUENCIES)[number] },
    new Date(),
  );

/**
 * Create, change or (frequency 'none') clear the schedule of a group from a group body's fields.
 * Fields left out keep their stored values.
 */
export async function saveGroupSchedule(
  tx: Tx,
  workspaceId: string,
  groupId: string,
  input: { scan_frequency?: string; custom_weekdays?: number[]; start_time?: string | null },
): Promise<void> {
  if (
    input.scan_frequency === undefined &&
    input.custom_weekdays === undefined &&
    input.start_time === undefined
  )
    return;
  const [current] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.kind, ENUMERATION_SCHEDULE_KIND), eq(schedules.subject_id, groupId)));
  const plan: PlanInput = {
    frequency: input.scan_frequency ?? current?.frequency ?? 'none',
    weekdays: input.custom_weekdays ? [...new Set(input.custom_weekdays)].sort() : (current?.weekdays ?? []),
    start:
      input.start_time !== undefined
        ? input.start_time
          ? new Date(input.start_time)
          : null
        : (current?.start_time ?? null),
  };
  checkPlan(plan);
  const values = {
    frequency: plan.frequency,
    weekdays: plan.weekdays,
    start_time: plan.start,
    next_run_at: firstSlot(plan),
  };
  if (current) {
    await tx
      .update(schedules)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(schedules.id, current.id));
  } else {
    await tx
      .insert(schedules)
      .values({ workspace_id: workspaceId, kind: ENUMERATION_SCHEDULE_KIND, subject_id: groupId, ...values });
  }
}
