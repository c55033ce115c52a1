/**
 * Keyset (cursor) paging of the inventory, for clients that read all of it (the terminal client's
 * export, `--all`). The panel keeps spec §7/§9 page/page_size paging; a request with a `cursor`
 * key (empty for the first page) gets `{ results, next_cursor }` instead, ordered by the
 * requested ordering with the id as tie-breaker. Each page then costs an index range read, where
 * an OFFSET page costs a read of every row before it, and no count runs.
 */
import { type AssetSortColumn, MAX_ASSET_CURSOR_PAGE_SIZE } from '@didban/core';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { HttpError, RequestValidationError } from '../http/errors.js';
import { type AssetSource, type InventoryQuery, isUuid, NOT_NULL_SORTS } from './inventory-query.js';

/** Largest keyset page: bigger than the panel's 100, so a whole-inventory read makes fewer trips. */
export const MAX_CURSOR_PAGE_SIZE = MAX_ASSET_CURSOR_PAGE_SIZE;
const DEFAULT_CURSOR_PAGE_SIZE = 100;

/** Where the previous page ended: its ordering, the last row's sort value (as text) and id. */
export type InventoryCursor = { ordering: string; value: string | null; id: string };

/** The SQL type a sort value is compared as (it travels as text in the cursor). */
const SORT_TYPES: Record<AssetSortColumn, 'timestamptz' | 'int' | 'text'> = {
  updated_at: 'timestamptz',
  scanned_count: 'int',
  content_length: 'int',
  port: 'int',
  host: 'text',
  ip: 'text',
  status: 'text',
  title: 'text',
  cname: 'text',
};

const invalidCursor = () =>
  new HttpError(400, 'validation', 'errors.validation', {}, { cursor: ['validation.invalid_value'] });

export const orderingText = (q: InventoryQuery) => `${q.ordering.descending ? '-' : ''}${q.ordering.column}`;

/** Opaque to clients: base64url of a small JSON array. */
export function encodeCursor(cursor: InventoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.ordering, cursor.value, cursor.id])).toString('base64url');
}

/**
 * The cursor of a request: null for the first page (an empty `cursor`), 400 when it is not one
 * this server made or was made for another ordering (its position would mean nothing).
 */
export function decodeCursor(raw: string, q: InventoryQuery): InventoryCursor | null {
  if (raw.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw.trim(), 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== orderingText(q) ||
    !(parsed[1] === null || typeof parsed[1] === 'string') ||
    typeof parsed[2] !== 'string' ||
    !isUuid(parsed[2])
  ) {
    throw invalidCursor();
  }
  const [ordering, value, id] = parsed as [string, string | null, string];
  if (value === null && NOT_NULL_SORTS.has(q.ordering.column)) throw invalidCursor();
  if (value !== null && SORT_TYPES[q.ordering.column] === 'int' && !/^-?\d{1,10}$/.test(value)) {
    throw invalidCursor();
  }
  if (value !== null && SORT_TYPES[q.ordering.column] === 'timestamptz' && Number.isNaN(Date.parse(value))) {
    throw invalidCursor();
  }
  return { ordering, value, id };
}

/** The sort value as text, selected beside each row so the next cursor keeps full precision. */
export function sortKeyText(src: AssetSource, q: InventoryQuery): SQL<string | null> {
  return sql<string | null>`(${src[q.ordering.column]})::text`;
}

/**
 * Rows strictly after the cursor in the order of `inventoryOrder` (column then id, both in the
 * requested direction, nulls last). On a non-null column this is one row comparison, which
 * PostgreSQL reads as a range of the (workspace, column, id) index.
 */
export function afterCursor(src: AssetSource, q: InventoryQuery, cursor: InventoryCursor): SQL {
  const column = src[q.ordering.column];
  const op = q.ordering.descending ? sql.raw('<') : sql.raw('>');
  const id = sql`${cursor.id}::uuid`;
  if (cursor.value === null) return sql`(${column} is null and ${src.id} ${op} ${id})`;
  const value = sql`cast(${cursor.value} as ${sql.raw(SORT_TYPES[q.ordering.column])})`;
  const after = sql`(${column}, ${src.id}) ${op} (${value}, ${id})`;
  // Nulls sort last either way, so after any value come all the nulls.
  return NOT_NULL_SORTS.has(q.ordering.column) ? after : sql`(${after} or ${column} is null)`;
}

/** page_size of a keyset request (1–1000, default 100); `page` means offset paging, so not both. */
export function cursorPageSize(query: Record<string, unknown>): number {
  if (query.page !== undefined) {
    throw new HttpError(400, 'validation', 'errors.validation', {}, { page: ['validation.invalid_value'] });
  }
  const parsed = z
    .object({
      page_size: z.coerce.number().int().min(1).max(MAX_CURSOR_PAGE_SIZE).default(DEFAULT_CURSOR_PAGE_SIZE),
    })
    .safeParse({ page_size: query.page_size });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return parsed.data.page_size;
}
