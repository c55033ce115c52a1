import { z } from 'zod';
import { ASSET_ENDPOINTS_PER_RESULT_MAX, discoveredEndpointSchema } from './asset-endpoints.js';
import { pagedList } from './envelope.js';

// ---------------------------------------------------------------------------------------------
// Panel side (spec §2 /workers, §3 worker and worker group). Workspace-scoped; writes need admin.
// ---------------------------------------------------------------------------------------------

/** A worker group (spec §3). `photo_url` is an API path under /api/v1/ when a photo is set. */
export const workerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  photo_url: z.string().nullable(),
  worker_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkerGroup = z.infer<typeof workerGroupSchema>;
/**
 * The installation's built-in worker as the worker group list describes it: whether it runs, and
 * the internal ranges its operator opened (DIDBAN_BUILTIN_WORKER_ALLOW). It scans public addresses
 * and these ranges only; every other internal address needs a worker of the user's own.
 */
export const builtinWorkerInfoSchema = z.object({ enabled: z.boolean(), allow: z.array(z.string()) });
export type BuiltinWorkerInfo = z.infer<typeof builtinWorkerInfoSchema>;

/** `GET panel/worker-groups/`; `builtin_worker` is absent from older servers. */
export const workerGroupListSchema = pagedList(workerGroupSchema).extend({
  builtin_worker: builtinWorkerInfoSchema.optional(),
});

export const workerGroupInputSchema = z.object({ name: z.string().trim().min(1).max(100) });
export type WorkerGroupInput = z.infer<typeof workerGroupInputSchema>;

/** Spec §9: a worker group photo is a PNG or JPG of at most 2 MB. */
export const WORKER_GROUP_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A capability gate's state on one worker (engine trust/gates.ts): `on` opened by its operator,
 * `off` closed until its operator opens it, `per-scan` opened by a scan that asks, `never` this
 * kind of worker cannot open it, `unsupported` no runner runs such templates yet.
 */
export const GATE_STATES = ['on', 'off', 'per-scan', 'never', 'unsupported'] as const;
export type GateState = (typeof GATE_STATES)[number];

/** What a worker reports at hello about what it may run beyond requests to its targets (issue 31). */
export const workerCapabilitiesSchema = z.object({
  /** Gate name (self-contained, headless, code, file, dast, global-matchers) → its state. */
  gates: z.record(z.string().max(40), z.enum(GATE_STATES)),
  /**
   * Out-of-band templates: `own` the operator's --interactsh-url, `server` the one the Didban
   * server hands out, `none` they are skipped. The worker says own/none; the server fills in server.
   */
  interactsh: z.enum(['own', 'server', 'none']),
});
export type WorkerCapabilities = z.infer<typeof workerCapabilitiesSchema>;

/** A worker (spec §3): online when it called the server within `WORKER_ONLINE_SECONDS`. */
export const workerSchema = z.object({
  id: z.string(),
  name: z.string(),
  group_id: z.string().nullable(),
  country: z.string().nullable(),
  ip: z.string().nullable(),
  version: z.string().nullable(),
  /** First characters of the key, to tell keys apart; never the key itself. */
  key_prefix: z.string(),
  /** Its capability gates as it reported them at its last hello; null before its first. */
  capabilities: workerCapabilitiesSchema.nullable().optional(),
  status: z.enum(['online', 'offline', 'revoked']),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Worker = z.infer<typeof workerSchema>;
export const workerListSchema = pagedList(workerSchema);
export const WORKER_ONLINE_SECONDS = 60;

export const workerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  group_id: z.uuid().optional(),
});

export const workerCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  group_id: z.uuid().nullable().optional(),
});
export type WorkerCreateInput = z.infer<typeof workerCreateSchema>;

export const workerUpdateSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  group_id: z.uuid().nullable().optional(),
});
export type WorkerUpdateInput = z.infer<typeof workerUpdateSchema>;

/** Answer of worker creation: the only time the API key is ever shown. */
export const workerCreatedSchema = z.object({ worker: workerSchema, api_key: z.string() });
export type WorkerCreated = z.infer<typeof workerCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Worker side: /api/v1/worker/... authenticated by `Authorization: Worker <key>` (or X-Worker-Key).
// ---------------------------------------------------------------------------------------------

export const workerHelloSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  ip: z.string().max(100).optional(),
  country: z.string().max(100).optional(),
  version: z.string().max(50).optional(),
  /** The capability gates this worker runs with, shown on its page. */
  capabilities: workerCapabilitiesSchema.optional(),
});
export type WorkerHello = z.infer<typeof workerHelloSchema>;

/** The interaction server a worker uses for out-of-band templates (interactsh-compatible). */
export const interactshEndpointSchema = z.object({
  /** Where clients register and poll, e.g. https://oast.example.com */
  url: z.string(),
  /** Callback hosts are `<unique id>.<domain>`. */
  domain: z.string(),
  token: z.string().optional(),
});
export type InteractshEndpoint = z.infer<typeof interactshEndpointSchema>;

export const workerHelloResponseSchema = z.object({
  worker_id: z.string(),
  name: z.string(),
  /** How long a claim or a heartbeat holds a task. */
  lease_seconds: z.number(),
  /** How often the worker should heartbeat a running task (a third of the lease). */
  heartbeat_seconds: z.number(),
  /** The server's interaction server (DIDBAN_OAST_*); a worker's own `--interactsh-url` wins. Null: none. */
  interactsh: interactshEndpointSchema.nullable().optional(),
});
export type WorkerHelloResponse = z.infer<typeof workerHelloResponseSchema>;

export const taskClaimSchema = z.object({
  /** Task kinds this worker can run; all known kinds when omitted. */
  kinds: z.array(z.string()).optional(),
});

export const claimedTaskSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempt: z.number().int(),
  lease_expires_at: z.string(),
  lease_seconds: z.number(),
  heartbeat_seconds: z.number(),
});
export type ClaimedTask = z.infer<typeof claimedTaskSchema>;
export const taskClaimResponseSchema = z.object({ task: claimedTaskSchema.nullable() });

export const heartbeatResponseSchema = z.object({
  /** The task was cancelled: stop it and do not complete it. */
  cancel: z.boolean(),
  lease_expires_at: z.string().nullable(),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** What a discovery task asks for (payload of kind 'discovery'). */
export const discoveryPayloadSchema = z.object({
  group_id: z.string(),
  history_id: z.string(),
  roots: z.array(z.string()),
  auto_discovery: z.boolean(),
  scope: z.object({ include: z.array(z.string()), exclude: z.array(z.string()) }),
  /** 'top-100', 'top-1000' or a custom spec such as '80,443,8080-8090'. */
  ports: z.string(),
  /**
   * Crawl each web asset for its endpoints (issue 30; bounded by the crawler's limits). Absent:
   * on. A worker started with `--no-crawl` does not crawl either way.
   */
  crawl: z.boolean().optional(),
});
export type DiscoveryPayload = z.infer<typeof discoveryPayloadSchema>;

const technologyResultSchema = z.object({
  name: z.string(),
  slug: z.string(),
  version: z.string().nullable(),
  categories: z.array(z.object({ name: z.string() })),
  website: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
});

/** One discovered asset as a worker posts it (a trimmed DiscoveredAsset of the engine). */
export const discoveredAssetResultSchema = z.object({
  host: z.string().min(1).max(300),
  port: z.number().int().min(1).max(65_535),
  ips: z.array(z.string()),
  cnames: z.array(z.string()),
  is_root: z.boolean(),
  wildcard: z.boolean(),
  service: z.string(),
  anomalies: z.array(z.string()),
  http: z
    .object({
      status: z.number().int(),
      title: z.string(),
      content_length: z.number().int(),
      content_type: z.string().nullable(),
      server: z.string().nullable(),
      final_url: z.string(),
      headers: z.record(z.string(), z.string()),
      body_start: z.string(),
      tls: z.record(z.string(), z.unknown()).nullable(),
      favicon_hash: z.number().int().nullable(),
    })
    .nullable(),
  technologies: z.array(technologyResultSchema),
  /** PNG as base64 when the worker took a screenshot. */
  screenshot_png: z.string().optional(),
  /** What the crawl found on a web asset (issue 30); absent when it was not crawled. */
  endpoints: z.array(discoveredEndpointSchema).max(ASSET_ENDPOINTS_PER_RESULT_MAX).optional(),
});
export type DiscoveredAssetResult = z.infer<typeof discoveredAssetResultSchema>;

/**
 * A batch of results; `seq` counts from 0 within one attempt. Posting the same seq twice stores once.
 * `attempt` (the claim's): a batch of an attempt whose lease expired is refused (409 lease_lost),
 * even when the same worker has claimed the task again since. Workers from before it send none.
 */
export const resultBatchSchema = z.object({
  seq: z.number().int().min(0),
  attempt: z.number().int().min(1).optional(),
  items: z.array(z.record(z.string(), z.unknown())).max(1000),
});
export type ResultBatch = z.infer<typeof resultBatchSchema>;
export const resultBatchResponseSchema = z.object({
  /** false when this batch had been stored before (a retry): nothing was written again. */
  stored: z.boolean(),
});

export const taskCompleteSchema = z.object({ stats: z.record(z.string(), z.unknown()).optional() });
export const taskFailSchema = z.object({ error: z.string().max(2000) });
export const taskStatusResponseSchema = z.object({ status: z.string() });
