/**
 * A run's duration in whole units, for the `duration.*` strings: seconds under a minute, minutes
 * and seconds under an hour, otherwise hours and minutes (fractions of a second dropped).
 */
export function durationParts(
  seconds: number,
):
  | { key: 'seconds'; s: number }
  | { key: 'minutes'; m: number; s: number }
  | { key: 'hours'; h: number; m: number } {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return { key: 'seconds', s: whole };
  if (whole < 3600) return { key: 'minutes', m: Math.floor(whole / 60), s: whole % 60 };
  return { key: 'hours', h: Math.floor(whole / 3600), m: Math.floor((whole % 3600) / 60) };
}
