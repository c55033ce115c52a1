import { BrowserPool } from '../../browser/browser-pool.js';
import type { FuzzInput } from '../fuzz/fuzz-input.js';
import { resolverLookup } from '../http/host-lookup.js';
import { InteractshClient } from '../interactsh/interactsh-client.js';
import { resolveOptions, type ScanOptions } from '../options.js';
import { fileInputs, fileTarget, isFileTemplate } from '../protocols/file/file-inputs.js';
import { headlessSkipReason } from '../protocols/headless/headless-options.js';
import { parseTarget, type Target } from '../target.js';
import { type CompiledTemplate, isFuzzingTemplate } from '../template-model.js';
import { gateSkipReason } from '../trust/gates.js';
import type { Finding, ScanEvent } from '../types.js';
import type { ScanContext } from './context.js';
import { EventChannel } from './event-channel.js';
import { HostErrorTracker } from './host-errors.js';
import { runPool } from './pool.js';
import { RateLimiter, RequestCapError } from './rate-limiter.js';
import { RequestCluster } from './request-cluster.js';
import { runTemplateOnTarget } from './run-template.js';

export interface RunTemplatesInput {
  /** Compiled templates, from `loadTemplates` or `loadTemplateFiles`. */
  readonly templates: readonly CompiledTemplate[];
  /** URLs (`https://h:8443/app`), `host:port`, hosts or IPs. */
  readonly targets: readonly string[];
  /**
   * Known requests for fuzzing (DAST) templates: with the `dast` gate open (`options.dast`), each
   * template with `fuzzing:` rules runs once per input instead of once per target; templates
   * without fuzzing rules still run on `targets` only. Unset, fuzzing templates fuzz a GET of each
   * target URL (nuclei's `-u URL -dast`). See `FuzzInput`.
   */
  readonly fuzzInputs?: readonly FuzzInput[];
  readonly options?: ScanOptions;
  /** Aborting stops new requests, cancels those in flight and ends the stream. */
  readonly signal?: AbortSignal;
}

const INTERACTSH_SKIP =
  'needs an out-of-band (interactsh) server: set options.interactsh.serverUrl to a self-hosted one';

function needsInteractsh(t: CompiledTemplate): boolean {
  return t.needsInteractsh || (t.workflow ?? []).some((s) => s.templates.some(needsInteractsh));
}

/**
 * Runs templates against targets with Nuclei's scheduling (template concurrency × bulk size,
 * global rate limit) and streams events as they happen. Leaving the loop early or aborting the
 * signal cancels the scan.
 *
 * @example
 * const { templates } = loadTemplateFiles(['./templates']);
 * for await (const event of runTemplates({ templates, targets: ['http://127.0.0.1:8080'], signal })) {
 *   if (event.type === 'finding') console.log(event.finding.templateId, event.finding.matchedAt);
 * }
 */
export function runTemplates(input: RunTemplatesInput): AsyncIterable<ScanEvent> {
  const controller = new AbortController();
  const channel = new EventChannel<ScanEvent>(() => controller.abort(new Error('scan cancelled')));
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) controller.abort(input.signal.reason);
  input.signal?.addEventListener('abort', onAbort, { once: true });
  void scan(
    input,
    controller.signal,
    (e) => channel.push(e),
    () => channel.room(),
    (reason) => controller.abort(reason),
  )
    .then(
      // A scan stopped by its request cap ends with that error, so the caller can say why.
      () =>
        channel.end(
          controller.signal.reason instanceof RequestCapError ? controller.signal.reason : undefined,
        ),
      (error) => channel.end(error),
    )
    .finally(() => input.signal?.removeEventListener('abort', onAbort));
  return channel;
}

async function scan(
  input: RunTemplatesInput,
  signal: AbortSignal,
  emit: (e: ScanEvent) => void,
  /** Back-pressure: a promise to wait for while the consumer is behind (EventChannel.room). */
  room: () => Promise<void> | undefined = () => undefined,
  /** Stops the whole scan (the request cap was reached). */
  stop: (reason: Error) => void = () => {},
): Promise<void> {
  let options = resolveOptions(input.options);
  const targets: Target[] = [];
  for (const raw of input.targets) {
    try {
      targets.push(parseTarget(raw));
    } catch {
      emit({
        type: 'skipped',
        templateId: '',
        target: raw,
        reason: 'not a valid target (expected a URL, host or IP)',
      });
    }
  }
  let interactsh: InteractshClient | undefined;
  let interactshError: string | undefined;
  if (options.interactsh && input.templates.some(needsInteractsh)) {
    try {
      interactsh = await InteractshClient.register(options.interactsh, signal);
    } catch (error) {
      interactshError = `interactsh server unavailable: ${(error as Error).message}`;
    }
  }
  // Headless templates: the worker's pool, or one for this scan (closed at its end).
  const ownPool =
    options.headless && !options.headless.pool && input.templates.some(needsBrowser)
      ? new BrowserPool(options.headless)
      : undefined;
  if (ownPool) options = { ...options, headless: { ...options.headless, pool: ownPool } };
  const headlessSkip = headlessSkipReason(options);
  const fuzzInputs = options.dast ? fuzzingInputs(input, targets, emit) : [];
  const context: ScanContext = {
    options,
    signal,
    limiter: new RateLimiter(
      options.rateLimit,
      options.maxRequests > 0 ? { max: options.maxRequests, reached: stop } : undefined,
    ),
    hostErrors: new HostErrorTracker(options.maxHostErrors),
    emit,
    interactsh,
    schemes: new Map(),
    variables: new WeakMap(),
    hostLookup: options.hostResolvers?.length ? resolverLookup(options.hostResolvers) : undefined,
    cluster: options.clusterRequests ? RequestCluster.forTemplates(input.templates) : undefined,
  };
  try {
    let started = 0;
    await runPool(input.templates, options.templateConcurrency, signal, async (template) => {
      // Each template starts on a different window of hosts, so the templates running at the same
      // time spread over hosts instead of all hitting the first bulk (fewer sockets per host).
      const offset = (started++ * options.bulkSize) % Math.max(1, targets.length);
      const ordered = [...targets.slice(offset), ...targets.slice(0, offset)];
      if (headlessSkip && usesHeadless(template)) {
        emit({ type: 'skipped', templateId: template.id, reason: headlessSkip });
        return;
      }
      if (usesCode(template) && !options.code) {
        emit({
          type: 'skipped',
          templateId: template.id,
          reason: gateSkipReason('code', options.runner ?? 'cli'),
        });
        return;
      }
      if (isFileTemplate(template)) {
        if (!options.file) {
          emit({
            type: 'skipped',
            templateId: template.id,
            reason: gateSkipReason('file', options.runner ?? 'cli'),
          });
          return;
        }
        // Paths, not hosts: each one the roots allow is the template's input (nuclei's -file).
        for (const file of fileInputs(options.file, input.targets)) {
          if (signal.aborted) break;
          if (file.refusal)
            emit({ type: 'skipped', templateId: template.id, target: file.path, reason: file.refusal });
          else {
            await room();
            await runTemplateOnTarget(context, template, fileTarget(file.path));
          }
        }
        return;
      }
      if (needsInteractsh(template) && !interactsh) {
        emit({ type: 'skipped', templateId: template.id, reason: interactshError ?? INTERACTSH_SKIP });
        return;
      }
      if (isFuzzingTemplate(template)) {
        if (!options.dast) {
          emit({
            type: 'skipped',
            templateId: template.id,
            reason: gateSkipReason('dast', options.runner ?? 'cli'),
          });
          return;
        }
        // Every fuzzed request goes through the same client, scope guard, limiter and cap.
        await runPool(fuzzInputs, options.bulkSize, signal, async ({ fuzz, target }) => {
          await room();
          await runTemplateOnTarget(context, template, target, undefined, fuzz);
        });
        return;
      }
      if (template.selfContained) {
        if (!options.enableSelfContained)
          emit({
            type: 'skipped',
            templateId: template.id,
            reason: gateSkipReason('self-contained', options.runner ?? 'cli'),
          });
        else {
          await room();
          await runTemplateOnTarget(context, template, undefined);
        }
        return;
      }
      // Start no new host while the consumer is behind: events stay bounded, not hosts × templates.
      // Not an async function: one promise layer less for every template × target run.
      await runPool(ordered, options.bulkSize, signal, (target) => {
        const wait = room();
        return wait
          ? wait.then(() => runTemplateOnTarget(context, template, target))
          : runTemplateOnTarget(context, template, target);
      });
    });
    if (interactsh) await interactsh.drain(signal);
  } finally {
    await interactsh?.close();
    await ownPool?.close();
  }
}

/**
 * The requests fuzzing templates alter: the given inputs, or a GET of each target URL (nuclei's
 * `-u URL -dast`). An input whose URL is not an absolute http(s) URL is reported and left out.
 */
function fuzzingInputs(
  input: RunTemplatesInput,
  targets: readonly Target[],
  emit: (e: ScanEvent) => void,
): { fuzz: FuzzInput; target: Target }[] {
  const out: { fuzz: FuzzInput; target: Target }[] = [];
  if (!input.fuzzInputs) {
    for (const target of targets)
      out.push({ fuzz: { method: 'GET', url: targetUrl(target), headers: [] }, target });
    return out;
  }
  for (const fuzz of input.fuzzInputs) {
    let target: Target | undefined;
    try {
      if (/^https?:\/\//i.test(fuzz.url)) target = parseTarget(fuzz.url);
    } catch {}
    if (target) out.push({ fuzz, target });
    else
      emit({
        type: 'skipped',
        templateId: '',
        target: fuzz.url,
        reason: 'not a valid fuzzing input (expected an http(s) URL)',
      });
  }
  return out;
}

/** A target as a URL for a fuzzing base request: as given when it is one, else http://host:port. */
function targetUrl(target: Target): string {
  return /^https?:\/\//i.test(target.input) ? target.input : `http://${target.input}`;
}

/**
 * A template with a headless block of its own. A workflow is not skipped for a headless step: that
 * step says why it did not run and the others run (headless-executor.ts).
 */
function usesHeadless(t: CompiledTemplate): boolean {
  return t.blocks.some((b) => b.protocol === 'headless');
}

/** A template with a `code:` block of its own: it runs only where the code gate is open. */
function usesCode(t: CompiledTemplate): boolean {
  return t.blocks.some((b) => b.protocol === 'code');
}

/** A template that will drive a browser: a headless block of its own or in a workflow step. */
function needsBrowser(t: CompiledTemplate): boolean {
  return usesHeadless(t) || (t.workflow ?? []).some((s) => s.templates.some(needsBrowser));
}

export interface ScanResult {
  readonly findings: Finding[];
  readonly failures: Extract<ScanEvent, { type: 'failure' }>[];
  readonly skipped: Extract<ScanEvent, { type: 'skipped' }>[];
}

/** Runs a scan to the end and collects its events; handy for tests and one-off runs. */
export async function collectScan(input: RunTemplatesInput): Promise<ScanResult> {
  const result: ScanResult = { findings: [], failures: [], skipped: [] };
  for await (const event of runTemplates(input)) {
    if (event.type === 'finding') result.findings.push(event.finding);
    else if (event.type === 'failure') result.failures.push(event);
    else result.skipped.push(event);
  }
  return result;
}
