import { z } from 'zod';
import { discoveredEndpointSchema } from './asset-endpoints.js';
import { TEMPLATE_YAML_MAX } from './templates.js';

/**
 * One-off template runs ("Scan now" on /templates, spec §2): the templates the user picked or the
 * editor's YAML, against the targets the user typed, as a 'template-run' task on a worker.
 */

export const TEMPLATE_RUN_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type TemplateRunStatus = (typeof TEMPLATE_RUN_STATUSES)[number];

export const TEMPLATE_RUN_MAX_TARGETS = 100;
export const TEMPLATE_RUN_MAX_TEMPLATES = 200;
/** Request and response evidence kept per finding; the rest is cut (the panel shows it as cut). */
export const TEMPLATE_RUN_EVIDENCE_MAX = 16 * 1024;

/** `POST panel/templates/scan-now/`: saved templates by id, or the editor's YAML, or both. */
export const templateScanNowSchema = z.object({
  template_ids: z.array(z.string().max(300)).max(TEMPLATE_RUN_MAX_TEMPLATES).optional(),
  yaml: z.string().max(TEMPLATE_YAML_MAX, 'templates.too_large').optional(),
  targets: z.array(z.string().max(2048)).max(TEMPLATE_RUN_MAX_TARGETS, 'templates.run_too_many_targets'),
});
export type TemplateScanNowInput = z.infer<typeof templateScanNowSchema>;
export const templateScanNowResponseSchema = z.object({ run_id: z.string() });

/** One finding of a run, evidence trimmed to TEMPLATE_RUN_EVIDENCE_MAX characters. */
export const templateRunFindingSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  severity: z.string(),
  protocol: z.string(),
  host: z.string(),
  matched_at: z.string(),
  matcher_name: z.string().nullable(),
  extractor_name: z.string().nullable(),
  extracted_results: z.array(z.string()),
  request: z.string().nullable(),
  response: z.string().nullable(),
  /** True when request or response was longer than what is kept. */
  evidence_truncated: z.boolean(),
  ip: z.string().nullable(),
  found_at: z.string(),
});
export type TemplateRunFinding = z.infer<typeof templateRunFindingSchema>;

/** A template that could not run on a target (network error) or was skipped, with the reason. */
export const templateRunProblemSchema = z.object({
  kind: z.enum(['failure', 'skipped']),
  template_id: z.string(),
  target: z.string().nullable(),
  message: z.string(),
});
export type TemplateRunProblem = z.infer<typeof templateRunProblemSchema>;

export const templateRunSchema = z.object({
  id: z.string(),
  status: z.enum(TEMPLATE_RUN_STATUSES),
  targets: z.array(z.string()),
  template_ids: z.array(z.string()),
  counts: z.object({
    templates: z.number().int(),
    targets: z.number().int(),
    findings: z.number().int(),
    failures: z.number().int(),
    skipped: z.number().int(),
  }),
  findings: z.array(templateRunFindingSchema),
  problems: z.array(templateRunProblemSchema),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TemplateRun = z.infer<typeof templateRunSchema>;

export const isTemplateRunDone = (run: Pick<TemplateRun, 'status'>) =>
  run.status === 'finished' || run.status === 'failed' || run.status === 'cancelled';

/** What a 'template-run' task carries to the worker. */
export const templateRunPayloadSchema = z.object({
  run_id: z.string(),
  templates: z.array(z.object({ id: z.string(), yaml: z.string() })),
  targets: z.array(z.string()),
  /** Scan controls; anything left out keeps Nuclei's defaults (NUCLEI.md §4). */
  options: z
    .object({
      rate_limit: z.number().int().min(0).optional(),
      template_concurrency: z.number().int().min(1).optional(),
      bulk_size: z.number().int().min(1).optional(),
      timeout_ms: z.number().int().min(100).optional(),
      retries: z.number().int().min(0).optional(),
      max_host_errors: z.number().int().min(0).optional(),
      /**
       * Run self-contained templates (requests to fixed third-party hosts, not the target): the
       * capability gate a scan opens for itself (issue 31). Absent: they are skipped, naming the gate.
       */
      self_contained: z.boolean().optional(),
      /**
       * A DAST run (issue 30): the scan opened the dast gate for itself, and its fuzzing templates
       * fuzz `fuzz_endpoints`. Absent: fuzzing templates are skipped, naming the gate.
       */
      dast: z.boolean().optional(),
    })
    .default({}),
  /**
   * What a DAST run fuzzes: the endpoints discovery found on the chunk's assets, as stored; the
   * worker makes each the request a fuzzing template starts from (engine endpointToFuzzInput).
   */
  fuzz_endpoints: z.array(discoveredEndpointSchema).optional(),
});
export type TemplateRunPayload = z.infer<typeof templateRunPayloadSchema>;

/** One item of a 'template-run' result batch. `key` makes a finding idempotent across attempts. */
export const templateRunResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('finding'),
    key: z.string().max(200),
    template_id: z.string(),
    template_name: z.string(),
    severity: z.string(),
    protocol: z.string(),
    host: z.string(),
    matched_at: z.string(),
    matcher_name: z.string().nullable(),
    extractor_name: z.string().nullable(),
    extracted_results: z.array(z.string()),
    request: z.string().nullable(),
    response: z.string().nullable(),
    evidence_truncated: z.boolean(),
    ip: z.string().nullable(),
    timestamp: z.string(),
  }),
  z.object({
    type: z.enum(['failure', 'skipped']),
    template_id: z.string(),
    target: z.string().nullable(),
    message: z.string(),
  }),
]);
export type TemplateRunResult = z.infer<typeof templateRunResultSchema>;
