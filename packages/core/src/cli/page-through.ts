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
