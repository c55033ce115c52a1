import { z } from 'zod';
import { pagedList } from './envelope.js';

/**
 * Endpoints of a web asset (issue 30): the URLs with parameters and the forms the discovery crawl
 * found on it, kept with the asset and handed to a DAST scan's runs as fuzz inputs.
 */

/** Endpoints kept per asset; more are counted (`overflow`), not stored. */
export const ASSET_ENDPOINTS_MAX = 2000;
/** Longest URL and form body kept of one endpoint (longer ones are cut). */
export const ASSET_ENDPOINT_URL_MAX = 2000;
export const ASSET_ENDPOINT_BODY_MAX = 8000;
/** Endpoints one asset's discovery result may carry (the crawler stops well before). */
export const ASSET_ENDPOINTS_PER_RESULT_MAX = 5000;

/** One endpoint as a worker reports it with a discovered asset (the crawler's output, snake_case). */
export const discoveredEndpointSchema = z.object({
  method: z.string().min(1).max(16),
  url: z
    .string()
    .min(1)
    .max(ASSET_ENDPOINT_URL_MAX * 2),
  params: z.array(z.string().max(200)).max(200).default([]),
  /** Where the crawler saw it: a link, a form, a script… */
  source: z.string().max(40),
  /** Form encoding of `body` (form, json, multipart…), when the endpoint has a body. */
  body_type: z.string().max(40).nullable().optional(),
  body: z
    .string()
    .max(ASSET_ENDPOINT_BODY_MAX * 2)
    .nullable()
    .optional(),
});
export type DiscoveredEndpoint = z.infer<typeof discoveredEndpointSchema>;

/** One stored endpoint as the panel lists it. */
export const assetEndpointSchema = z.object({
  id: z.string(),
  method: z.string(),
  url: z.string(),
  params: z.array(z.string()),
  source: z.string(),
  body_type: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type AssetEndpoint = z.infer<typeof assetEndpointSchema>;

/** A page of an asset's endpoints, with how many the last crawl found past the limit. */
export const assetEndpointPageSchema = pagedList(assetEndpointSchema).extend({
  /** Endpoints the last discovery found on this asset that were not stored (past `limit`). */
  overflow: z.number().int().min(0),
  limit: z.number().int(),
});
export type AssetEndpointPage = z.infer<typeof assetEndpointPageSchema>;

export const assetEndpointQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** Text in the URL, method or a parameter name (case-insensitive). */
  search: z.string().max(200).optional(),
});
export type AssetEndpointQuery = z.input<typeof assetEndpointQuerySchema>;
