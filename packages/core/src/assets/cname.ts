/**
 * spec §3: an asset's cname is "text holding a list of names, possibly single-quoted", e.g.
 * `['a.example.com', 'b.example.net']`, `["a.example.com"]`, or `a.example.com, b.example.net`.
 */

/**
 * The names in a stored cname text, in order, without quotes, brackets or blanks.
 * @example parseCnames("['a.example.com', 'b.example.net']") // ['a.example.com', 'b.example.net']
 */
export function parseCnames(text: string | null | undefined): string[] {
  if (!text) return [];
  let body = text.trim();
  if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1);
  return body
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((name) => name.length > 0);
}

/**
 * The stored form of a list of names (what discovery writes).
 * @example formatCnameList(['a.example.com']) // "['a.example.com']"
 */
export function formatCnameList(names: readonly string[]): string | null {
  return names.length ? `[${names.map((n) => `'${n}'`).join(', ')}]` : null;
}
