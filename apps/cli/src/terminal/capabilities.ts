import type { CliEnv } from '../env.js';
import type { OutputStream } from '../io.js';

/** Fewer rows than this and Ink's three-line view fills the screen, which it redraws by clearing it. */
const MIN_ROWS = 5;

/**
 * Whether a screen that redraws itself (Ink) may draw on `stream`. A pseudo-terminal with no size
 * (`script` or `ssh -tt` from a CI runner report 0 columns and rows) made Ink print one character
 * per line and clear the screen and the scrollback on every frame; `TERM=dumb` cannot move the
 * cursor at all. Those get plain lines instead.
 */
export function canRedraw(stream: OutputStream, env: CliEnv): boolean {
  if (stream.isTTY !== true || env.TERM === 'dumb') return false;
  const { columns, rows } = stream;
  return (columns ?? 0) > 0 && (rows ?? 0) >= MIN_ROWS;
}

/** Colour only on a terminal that can show it, and never when NO_COLOR (no-color.org) is set. */
export const colorAllowed = (stream: OutputStream, env: CliEnv): boolean =>
  stream.isTTY === true && env.TERM !== 'dumb' && !env.NO_COLOR;
