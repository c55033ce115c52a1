/**
 * Every item of a keyset-paged list (`cursor` → `next_cursor`), page by page, with the next page
 * already asked for while the caller handles the current one: a cursor list cannot ask for pages
 * far ahead as {@link pageThroughAhead} does (each cursor comes from the page before), but one
 * page in flight still hides the server's time behind the caller's writing (`vulns list --all`).
 * Stops after the last page, or if the server repeats a cursor (it would loop for ever).
 * @example
 *   for await (const v of pageThroughCursor((cursor) => api.scans.vulnerabilitiesAfter(query, cursor)))
 *     write(v);
 */
export async function* pageThroughCursor<T>(
  fetchPage: (cursor: string | null) => Promise<{ results: T[]; next_cursor: string | null }>,
): AsyncGenerator<T> {
  const seen = new Set<string>();
  let pending: Promise<{ results: T[]; next_cursor: string | null }> | null = fetchPage(null);
  try {
    while (pending) {
      const page: { results: T[]; next_cursor: string | null } = await pending;
      const next = page.next_cursor;
      pending = null;
      if (next !== null && !seen.has(next)) {
        seen.add(next);
        pending = fetchPage(next);
      }
      yield* page.results;
    }
  } finally {
    // A page abandoned when the caller stops early must not surface as an unhandled rejection.
    pending?.catch(() => {});
  }
}
