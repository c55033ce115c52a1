import { z } from 'zod';

/** Every successful body is `{ data: ... }` (ARCHITECTURE.md, server conventions). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** A page of a list as spec §3 describes it. Pages count from 1; next/previous are page numbers. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    current_page: z.number().int().min(1),
    total_pages: z.number().int().min(0),
    result_count: z.number().int().min(0),
    next_page: z.number().int().nullable(),
    previous_page: z.number().int().nullable(),
  });
}
export type PagedList<T> = {
  results: T[];
  current_page: number;
  total_pages: number;
  result_count: number;
  next_page: number | null;
  previous_page: number | null;
};

/** Paging query parameters shared by list calls. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Build the paging part of a list body from a total count. */
export function pageInfo(total: number, page: number, pageSize: number) {
  const totalPages = Math.ceil(total / pageSize);
  return {
    current_page: page,
    total_pages: totalPages,
    result_count: total,
    next_page: page < totalPages ? page + 1 : null,
    previous_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
  };
}

/** The error body: a message in the caller's language, a stable code, and per-field messages. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
