export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Spec §9 pagination: with 6 pages or fewer every page is shown; otherwise the first and last
 * pages, one sibling either side of the current one, and an ellipsis for each gap.
 * @example pageItems(5, 10) // [1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  if (total <= 6) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  const from = Math.max(2, page - 1);
  const to = Math.min(total - 1, page + 1);
  const items: PageItem[] = [1];
  if (from > 2) items.push('ellipsis-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < total - 1) items.push('ellipsis-end');
  items.push(total);
  return items;
}
