import type { PagedList } from '../contract/envelope.js';

/**
 * Every item of a paged list, page by page as they arrive, so a client can stream a large list
 * (an export, `--all`) without holding it. Stops at the last page the server reports.
 * @example
 *   for await (const team of pageThrough((page) => api.teams.list(page))) console.log(team.name);
 */
export async function* pageThrough<T>(fetchPage: (page: number) => Promise<PagedList<T>>): AsyncGenerator<T> {
  let page: number | null = 1;
  while (page !== null) {
    const list: PagedList<T> = await fetchPage(page);
    yield* list.results;
    // A server that repeats a page number would loop for ever; only move forward.
    page = list.next_page !== null && list.next_page > page ? list.next_page : null;
  }
}

/**
 * {@link pageThrough} with the next pages already asked for: the first answer gives the page
 * count, then up to `ahead` later pages are in flight while the caller writes the current one,
 * and items still come out in order. A listing of 1,000 pages then waits on the server about
 * once, not 1,000 times (`vulns list --all`).
 */
export async function* pageThroughAhead<T>(
  fetchPage: (page: number) => Promise<PagedList<T>>,
  ahead = 3,
): AsyncGenerator<T> {
  const first = await fetchPage(1);
  yield* first.results;
  const last = first.next_page === null ? 1 : Math.max(first.total_pages, first.next_page);
  const inFlight: Promise<PagedList<T>>[] = [];
  let next = 2;
  const fill = () => {
    while (inFlight.length < ahead && next <= last) {
      const page = fetchPage(next++);
      // Awaited in turn below; a page abandoned when the caller stops must not go unhandled.
      page.catch(() => {});
      inFlight.push(page);
    }
  };
  fill();
  while (inFlight.length > 0) {
    const list = await inFlight.shift()!;
    fill();
    yield* list.results;
    // The listing shrank meanwhile: nothing lies beyond this page.
    if (list.next_page === null) {
      inFlight.length = 0;
      break;
    }
  }
}
