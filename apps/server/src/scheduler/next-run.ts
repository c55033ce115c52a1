/**
 * When a repeating schedule runs next (spec §3 frequencies: none, daily, weekly, monthly, custom
 * weekdays + start time). Pure, in UTC, so every server computes the same slots.
 */
export type Frequency = 'none' | 'daily' | 'weekly' | 'monthly' | 'custom';

export interface Plan {
  frequency: Frequency;
  /** 0 = Sunday … 6 = Saturday (custom only). */
  weekdays: readonly number[];
  /** The first slot; later slots keep its time of day. */
  start: Date | null;
}

const DAY = 86_400_000;

function addMonthsClamped(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(start);
  d.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return d;
}

/**
 * The first slot strictly after `after`, or null when the plan never runs again.
 * @example nextRunAfter({ frequency: 'daily', weekdays: [], start: new Date('2026-01-01T09:00:00Z') }, new Date('2026-01-05T10:00:00Z'))
 * // 2026-01-06T09:00:00Z
 */
export function nextRunAfter(plan: Plan, after: Date): Date | null {
  const { start } = plan;
  if (!start || plan.frequency === 'none') return null;
  const t = after.getTime();
  switch (plan.frequency) {
    case 'daily':
    case 'weekly': {
      const step = plan.frequency === 'daily' ? DAY : 7 * DAY;
      if (start.getTime() > t) return start;
      const k = Math.floor((t - start.getTime()) / step) + 1;
      return new Date(start.getTime() + k * step);
    }
    case 'monthly': {
      if (start.getTime() > t) return start;
      let n =
        (after.getUTCFullYear() - start.getUTCFullYear()) * 12 + (after.getUTCMonth() - start.getUTCMonth());
      n = Math.max(0, n - 1);
      for (;;) {
        const candidate = addMonthsClamped(start, n);
        if (candidate.getTime() > t) return candidate;
        n++;
      }
    }
    case 'custom': {
      const days = new Set(plan.weekdays);
      if (days.size === 0) return null;
      const from = Math.max(t, start.getTime() - 1);
      const timeOfDay =
        start.getTime() - Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
      const base = new Date(from);
      const day0 = Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate());
      for (let i = 0; i <= 8; i++) {
        const candidate = new Date(day0 + i * DAY + timeOfDay);
        if (candidate.getTime() > from && days.has(candidate.getUTCDay())) return candidate;
      }
      return null;
    }
  }
}
