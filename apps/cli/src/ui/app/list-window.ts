/**
 * Which rows of a list to draw when only `height` fit: from the top while the cursor is in the
 * first screenful, then scrolled so the cursor is the last row drawn. Stateless, so a resize
 * just recomputes it.
 * @example visibleWindow(25, 24, 10) // { start: 15, end: 25 }
 */
export function visibleWindow(count: number, cursor: number, height: number): { start: number; end: number } {
  const size = Math.max(1, height);
  if (count <= size) return { start: 0, end: count };
  const start = Math.min(Math.max(0, cursor - size + 1), count - size);
  return { start, end: start + size };
}

/** `value` cut or padded to exactly `width` characters, with … when cut. */
export function fit(value: string, width: number): string {
  if (width <= 0) return '';
  if (value.length > width) return width === 1 ? '…' : `${value.slice(0, width - 1)}…`;
  return value.padEnd(width);
}

/** Keeps a cursor inside a list of `count` rows. */
export const clampCursor = (cursor: number, count: number) => Math.max(0, Math.min(cursor, count - 1));
