import type { AssetCursorPage } from '../contract/assets.js';

/**
 * Every asset of an inventory read, page by page through keyset cursors (`next_cursor`), so a
 * client can stream a whole inventory (an export) at the same cost per page however deep it
 * reads, without holding it. Stops after the last page, or if the server repeats a cursor.
 * @example
 *   for await (const asset of pageThroughAssets((cursor) => api.assets.inventoryAfter(query, cursor)))
 *     write(asset);
 */
export async function* pageThroughAssets<T = AssetCursorPage['results'][number]>(
  fetchPage: (cursor: string | null) => Promise<{ results: T[]; next_cursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (;;) {
    const page: { results: T[]; next_cursor: string | null } = await fetchPage(cursor);
    yield* page.results;
    const next = page.next_cursor;
    // A server that hands back a cursor twice would loop for ever; a cursor is never reused.
    if (next === null || seen.has(next)) return;
    seen.add(next);
    cursor = next;
  }
}
