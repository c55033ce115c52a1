import { z } from 'zod';

/** A technology on an asset, as spec §3 shapes it: {id, version, platform {...}}. */
export const assetTechnologySchema = z.object({
  id: z.string(),
  version: z.string().nullable(),
  platform: z.object({
    name: z.string(),
    icon: z.string().nullable(),
    website: z.string().nullable(),
    description_en: z.string().nullable(),
    categories: z.array(z.object({ name: z.string() })),
  }),
});
export type AssetTechnology = z.infer<typeof assetTechnologySchema>;

/** An asset (spec §3): one per asset group + host + port. */
export const assetSchema = z.object({
  id: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** Comma-separated addresses. */
  ip: z.string(),
  is_root: z.boolean(),
  /** HTTP status code as text, or 'done' for a service that is not HTTP. */
  status: z.string(),
  title: z.string().nullable(),
  /** The CNAME chain as a list in text, e.g. "['a.example.com', 'b.example.net']". */
  cname: z.string().nullable(),
  content_length: z.number().int().nullable(),
  scanned_count: z.number().int(),
  group: z.string(),
  enumeration_history: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  technologies: z.array(assetTechnologySchema),
});
export type Asset = z.infer<typeof assetSchema>;

/** Asset detail: the list fields plus what the overview and HTTP response block show. */
export const assetDetailSchema = assetSchema.extend({
  content_type: z.string().nullable(),
  server: z.string().nullable(),
  last_seen: z.string(),
  service: z.string().nullable(),
  final_url: z.string().nullable(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  body_start: z.string().nullable(),
  tls: z.record(z.string(), z.unknown()).nullable(),
  favicon_hash: z.number().int().nullable(),
  screenshot_url: z.string().nullable(),
});
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** An enumeration history entry (spec §3). `new_assets` can be negative. */
export const enumerationHistorySchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'finished', 'failed', 'cancelled']),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  duration: z.number().nullable(),
  new_assets: z.number().int(),
});
export type EnumerationHistory = z.infer<typeof enumerationHistorySchema>;
