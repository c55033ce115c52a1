export type RelativeTime =
  | { unit: 'just_now'; count: 0 }
  | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9: "just now" under 60 s, then whole minutes, hours, days ago. Future times (clock skew
 * between server and browser) read as "just now" rather than a negative age.
 * @example relativeTime('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:30Z')) // { unit: 'minutes', count: 5 }
 */
export function relativeTime(time: string | number | Date, now: number = Date.now()): RelativeTime {
  const then = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  const age = Number.isFinite(then) ? now - then : 0;
  if (age < MINUTE) return { unit: 'just_now', count: 0 };
  if (age < HOUR) return { unit: 'minutes', count: Math.floor(age / MINUTE) };
  if (age < DAY) return { unit: 'hours', count: Math.floor(age / HOUR) };
  return { unit: 'days', count: Math.floor(age / DAY) };
}
