import { createHash } from 'node:crypto';
import {
  TEMPLATE_RUN_EVIDENCE_MAX,
  type TemplateRunPayload,
  type TemplateRunResult,
  templateRunPayloadSchema,
} from '@didban/core';
import {
  BrowserPool,
  type CrawledEndpoint,
  endpointToFuzzInput,
  type Finding,
  type FuzzInput,
  loadTemplates,
  RequestCapError,
  runTemplates,
  type ScanEvent,
  type ScanOptions,
  type ScopePolicy,
  trustedKeys,
} from '@didban/engine';
import { routeLookupsThrough } from './resolver-lookup.js';

/**
 * Findings per result batch. Each carries up to 2 × 16 KB of evidence, so a small batch keeps a
 * post well under the server's 1 MB body limit.
 */
export const TEMPLATE_RUN_BATCH_SIZE = 5;

/** Same finding, same key: a batch re-posted by a later attempt is stored once. */
function findingKey(f: Finding): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        f.templateId,
        f.matchedAt,
        f.matcherName ?? '',
        f.extractorName ?? '',
        f.extractedResults,
      ]),
    )
    .digest('hex');
}

const cut = (text: string | undefined) =>
  text === undefined ? null : text.slice(0, TEMPLATE_RUN_EVIDENCE_MAX);

/** An engine finding in the shape the server's results endpoint takes (evidence trimmed). */
export function toFindingResult(f: Finding): TemplateRunResult {
  return {
    type: 'finding',
    key: findingKey(f),
    template_id: f.templateId,
    template_name: f.templateName,
    severity: f.severity,
    protocol: f.protocol,
    host: f.host,
    matched_at: f.matchedAt,
    matcher_name: f.matcherName ?? null,
    extractor_name: f.extractorName ?? null,
    extracted_results: [...f.extractedResults],
    request: cut(f.request),
    response: cut(f.response),
    evidence_truncated:
      (f.request?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX ||
      (f.response?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX,
    ip: f.ip ?? null,
    timestamp: f.timestamp,
  };
}

/** What the worker running a template-run task brings to it (its flags, its scope). */
export interface TemplateRunContext {
  /** DNS servers as host:port; the system's resolvers when empty. */
  resolvers?: readonly string[];
  /** The scan scope this worker enforces. */
  scope?: ScopePolicy;
  /** Requests the task may send before it stops and fails (unset: no cap). */
  maxRequests?: number;
  /** Requests a second when the task does not set its own (`--rate-limit`; unset: Nuclei's 150). */
  rateLimit?: number;
  /** Which runner this is, for the capability gates (the built-in worker's child says so). */
  runner?: 'builtin' | 'self-hosted';
  /** Headless templates run (the gate is open) in the worker's one Chromium (workerBrowserPool). */
  headless?: boolean;
  /** The code gate opened (`--code`): signed code templates run their interpreter here. */
  code?: boolean;
  /** The file gate opened (`--file --file-root`): file templates read targets as paths under these. */
  fileRoots?: readonly string[];
  /** Operators' template-signing keys (PEM), trusted beside ProjectDiscovery's. */
  templateSigningKeys?: readonly string[];
  /** The interaction server out-of-band templates call back to (unset: they are skipped). */
  interactsh?: { url: string; domain?: string; token?: string };
}

/**
 * The payload's scan controls as engine options; what is left out keeps Nuclei's defaults. A rate
 * limit the task sets wins over the worker's own, as nuclei's template flags win over its -rl.
 */
export function scanOptions(payload: TemplateRunPayload, context: TemplateRunContext): ScanOptions {
  const o = payload.options;
  const rateLimit = o.rate_limit ?? context.rateLimit;
  return {
    ...(context.maxRequests ? { maxRequests: context.maxRequests } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(o.template_concurrency !== undefined ? { templateConcurrency: o.template_concurrency } : {}),
    ...(o.bulk_size !== undefined ? { bulkSize: o.bulk_size } : {}),
    ...(o.timeout_ms !== undefined ? { timeoutMs: o.timeout_ms } : {}),
    ...(o.retries !== undefined ? { retries: o.retries } : {}),
    ...(o.max_host_errors !== undefined ? { maxHostErrors: o.max_host_errors } : {}),
    // Capability gates (engine trust/gates.ts): self-contained templates run only when the scan asks.
    runner: context.runner ?? 'self-hosted',
    ...(o.self_contained ? { enableSelfContained: true } : {}),
    // The dast gate is per-scan on workers: a DAST scan's runs open it, no other run does.
    ...(o.dast ? { dast: true } : {}),
    ...(context.headless ? { headless: { pool: workerBrowserPool() } } : {}),
    // The code and file gates: a self-hosted operator's flags; the built-in worker never opens them.
    ...(context.code && context.runner !== 'builtin' ? { code: true } : {}),
    ...(context.fileRoots?.length && context.runner !== 'builtin'
      ? { file: { roots: context.fileRoots } }
      : {}),
    ...(context.resolvers?.length ? { resolvers: context.resolvers } : {}),
    ...(context.interactsh
      ? {
          interactsh: {
            serverUrl: context.interactsh.url,
            ...(context.interactsh.domain ? { domain: context.interactsh.domain } : {}),
            ...(context.interactsh.token ? { token: context.interactsh.token } : {}),
          },
        }
      : {}),
  };
}

let browserPool: BrowserPool | undefined;
/**
 * The worker's browser budget: one Chromium for every task of this process, at most 10 pages at
 * once (nuclei's headless defaults), restarted past its memory ceiling (engine browser-pool.ts).
 */
export function workerBrowserPool(): BrowserPool {
  browserPool ??= new BrowserPool({
    ...(process.env.DIDBAN_CHROMIUM ? { executablePath: process.env.DIDBAN_CHROMIUM } : {}),
  });
  return browserPool;
}

/** Host and port a template target names (`https://h/x`, `h:8080`, `h`). */
function hostAndPort(target: string): { host: string; port?: number } {
  try {
    const url = new URL(target.includes('://') ? target : `tcp://${target}`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port
      ? Number(url.port)
      : url.protocol === 'https:'
        ? 443
        : url.protocol === 'http:'
          ? 80
          : undefined;
    return port === undefined ? { host } : { host, port };
  } catch {
    return { host: target };
  }
}

/**
 * Targets the scope refuses (resolved now; the socket guard checks again at every connect, so
 * a name that changes its answer later is still refused), reported as skipped with the reason.
 */
async function targetsInScope(
  targets: readonly string[],
  scope: ScopePolicy | undefined,
  emit: (item: TemplateRunResult) => Promise<void>,
): Promise<string[]> {
  if (!scope?.active) return [...targets];
  const kept: string[] = [];
  for (const target of targets) {
    const { host, port } = hostAndPort(target);
    const refusal = await scope.checkHost(host, port);
    if (refusal) await emit({ type: 'skipped', template_id: '', target, message: refusal.message });
    else kept.push(target);
  }
  return kept;
}

/** Why a task stopped at its request cap; the panel tells it in fa too (core's runMessageText). */
export const requestCapReason = (max: number) =>
  `the worker stopped this task after ${max} requests, the most one task may send on it (a template or payload list asking for too many; the built-in worker's limit is DIDBAN_BUILTIN_TASK_MAX_REQUESTS)`;

/**
 * Run a 'template-run' task: load its templates, run them on its targets, and hand findings,
 * failures and skips to `emit` as they come (the caller batches them). Templates the engine
 * cannot load are reported as skipped with the reason, never dropped.
 */
export async function runTemplateRunTask(
  rawPayload: unknown,
  signal: AbortSignal,
  emit: (item: TemplateRunResult) => Promise<void>,
  context: TemplateRunContext = {},
): Promise<Record<string, unknown>> {
  const payload = templateRunPayloadSchema.parse(rawPayload);
  // HTTP, TCP and TLS connects resolve host names with dns.lookup: point it at our resolvers too.
  routeLookupsThrough(context.resolvers);
  const loaded = loadTemplates(
    // No path: a template from the panel has no folder on this machine to read payload files from.
    payload.templates.map((t) => ({ content: t.yaml })),
    // Code templates load only when signed by ProjectDiscovery or one of the operator's keys.
    { trustedKeys: trustedKeys(context.templateSigningKeys ?? []) },
  );
  for (const r of loaded.rejected)
    await emit({ type: 'skipped', template_id: r.id, target: null, message: r.reason });
  for (const invalid of loaded.invalid)
    await emit({
      type: 'skipped',
      template_id: '',
      target: null,
      message: invalid.errors.map((e) => `line ${e.line}: ${e.message}`).join('; '),
    });
  const stats = {
    templates: loaded.templates.length,
    targets: payload.targets.length,
    findings: 0,
    failures: 0,
  };
  const targets = await targetsInScope(payload.targets, context.scope, emit);
  const events = runTemplates({
    templates: loaded.templates,
    targets,
    ...fuzzInputsOf(payload),
    options: scanOptions(payload, context),
    signal,
  });
  try {
    await relayEvents(events, stats, emit);
  } catch (error) {
    // Findings so far are kept (already sent); the run fails saying why it stopped.
    if (error instanceof RequestCapError) throw new Error(requestCapReason(error.max));
    throw error;
  }
  return stats;
}

/**
 * A DAST run's fuzz inputs: the endpoints its task carries as the requests fuzzing templates start
 * from (engine endpointToFuzzInput; a form's body with its content type). Other runs pass none.
 */
export function fuzzInputsOf(payload: TemplateRunPayload): { fuzzInputs?: FuzzInput[] } {
  if (!payload.options.dast || !payload.fuzz_endpoints) return {};
  return {
    fuzzInputs: payload.fuzz_endpoints.map((e) =>
      endpointToFuzzInput({
        method: e.method,
        url: e.url,
        params: e.params,
        source: e.source as CrawledEndpoint['source'],
        ...(e.body_type ? { bodyType: e.body_type as NonNullable<CrawledEndpoint['bodyType']> } : {}),
        ...(e.body != null ? { body: e.body } : {}),
      }),
    ),
  };
}

async function relayEvents(
  events: AsyncIterable<ScanEvent>,
  stats: { findings: number; failures: number },
  emit: (item: TemplateRunResult) => Promise<void>,
): Promise<void> {
  for await (const event of events) {
    if (event.type === 'finding') {
      stats.findings++;
      await emit(toFindingResult(event.finding));
    } else if (event.type === 'failure') {
      stats.failures++;
      await emit({
        type: 'failure',
        template_id: event.templateId,
        target: event.target,
        message: event.message,
      });
    } else {
      await emit({
        type: 'skipped',
        template_id: event.templateId,
        target: event.target ?? null,
        message: event.reason,
      });
    }
  }
}
