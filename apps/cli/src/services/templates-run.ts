import { readFileSync, writeFileSync } from 'node:fs';
import { buildSarif, countAtOrAbove, SEVERITY_ORDER, type TemplateSeverity } from '@didban/core';
import {
  type CompiledTemplate,
  type Finding,
  interactshServerUrl,
  loadTemplates,
  resolverLookup,
  runTemplates,
  type TrustedKey,
  trustedKeys,
} from '@didban/engine';
import type { Context } from '../context.js';
import { CliError, EXIT, GateTripped, Interrupted, usageError } from '../errors.js';
import { type NucleiResult, nucleiLine, nucleiResult } from '../output/nuclei-result.js';
import { plainTlsError } from '../output/plain-error.js';
import { openSink, type Sink, writeWithBackpressure } from '../output/sink.js';
import { VERSION } from '../program.js';
import { type DastFlags, inputMode, onlyFuzzing, readDastInputs } from './dast-inputs.js';
import { parseSeverity } from './parse-severity.js';
import { probeTargets } from './reachability.js';
import { startRunStats } from './run-stats.js';
import { collectTargets } from './run-targets.js';
import { collectTemplateFiles, readTemplateFile } from './template-files.js';
import { type SelectionFlags, selectTemplates } from './template-selection.js';
import { issueLine } from './templates-validate.js';
import { unansweredTargets } from './unanswered.js';

export type RunFlags = SelectionFlags & {
  target?: string[];
  list?: string[];
  json?: boolean;
  jsonl?: boolean;
  output?: string;
  sarif?: string;
  silent?: boolean;
  failOn?: string;
  rateLimit?: number;
  timeout?: number;
  header?: string[];
  resolver?: string[];
  enableSelfContained?: boolean;
  headless?: boolean;
  /** The code gate (`--code`). */
  code?: boolean;
  /** The file gate: `--file <path>` paths, `true` for a bare `--file` (the targets are the paths). */
  file?: (string | true)[] | true;
  templateSigningKey?: string[];
  interactshUrl?: string;
  interactshToken?: string;
  allowUnreachable?: boolean;
  concurrency?: number;
  omitRaw?: boolean;
  stats?: boolean;
} & DastFlags;

/**
 * The stable `templates run --json` shape. Its results are nuclei's ResultEvent objects, the
 * very objects `--jsonl` prints one a line, so a script reads one finding the same way in both.
 */
export type RunJson = {
  results: NucleiResult[];
  skipped: { template_id: string; target: string | null; reason: string }[];
  failures: { template_id: string; target: string; message: string }[];
  unreachable: { target: string; reason: string }[];
};
export type FindingJson = {
  template_id: string;
  template_name: string;
  severity: TemplateSeverity;
  protocol: string;
  host: string;
  matched_at: string;
  matcher_name: string | null;
  extractor_name: string | null;
  extracted_results: string[];
  tags: string[];
  timestamp: string;
};

const findingJson = (f: Finding): FindingJson => ({
  template_id: f.templateId,
  template_name: f.templateName,
  severity: f.severity,
  protocol: f.protocol,
  host: f.host,
  matched_at: f.matchedAt,
  matcher_name: f.matcherName ?? null,
  extractor_name: f.extractorName ?? null,
  extracted_results: [...f.extractedResults],
  tags: [...f.tags],
  timestamp: f.timestamp,
});

// The engine runs templates concurrently; sort the --json document so a scan reads the same.
const bySeverityThenPlace = (a: FindingJson, b: FindingJson) =>
  SEVERITY_ORDER.indexOf(b.severity) - SEVERITY_ORDER.indexOf(a.severity) ||
  a.template_id.localeCompare(b.template_id) ||
  a.matched_at.localeCompare(b.matched_at) ||
  (a.matcher_name ?? '').localeCompare(b.matcher_name ?? '');

const COLOURS: Record<string, number> = { critical: 35, high: 31, medium: 33, low: 32, info: 34 };

/**
 * Protocols that connect to the target itself (DNS templates ask resolvers about its name;
 * javascript templates connect to their own `Port` — 6379, 22 — not the target's web port).
 */
const connects = (t: CompiledTemplate): boolean =>
  !t.selfContained &&
  (t.protocols.some((p) => p !== 'dns' && p !== 'javascript' && p !== 'file') ||
    (t.workflow ?? []).length > 0);

/**
 * `templates run`: the local engine (the one workers use) against targets, nuclei-style. Findings
 * go out as they are found (screen lines, or `--jsonl` in nuclei's fields, also to `-o FILE`);
 * `--json` and `--sarif` are written at the end, or at Ctrl+C with what was found so far.
 * Exit: 1 `--fail-on` tripped; 2 usage; 3 a template does not load or a target is unreachable
 * (unless `--allow-unreachable`; every target unreachable is always 3); 130 Ctrl+C.
 */
/** `--interactsh-url`/`--interactsh-token` as the engine takes them (a bare host means https). */
function interactshOption(flags: RunFlags): { interactsh?: { serverUrl: string; token?: string } } {
  if (!flags.interactshUrl) return {};
  let serverUrl: string;
  try {
    serverUrl = interactshServerUrl(flags.interactshUrl);
  } catch {
    throw usageError('usage.bad_url', { value: flags.interactshUrl });
  }
  return { interactsh: { serverUrl, ...(flags.interactshToken ? { token: flags.interactshToken } : {}) } };
}

export async function runTemplatesCommand(ctx: Context, paths: string[], flags: RunFlags): Promise<void> {
  if (flags.json && flags.jsonl) throw usageError('usage.json_and_jsonl');
  // `-im burp|openapi|…`: the -l files are requests to fuzz, and their URLs the run's targets.
  const mode = inputMode(flags);
  const dastInputs = mode === 'list' ? undefined : await readDastInputs(flags, mode, ctx.io.stdin);
  if (dastInputs) flags = { ...flags, list: undefined, target: dastInputs.targets };
  const failOn = flags.failOn === undefined ? undefined : parseSeverity(flags.failOn);
  const headers = (flags.header ?? []).map(parseHeader);
  const resolvers = (flags.resolver ?? [])
    .flatMap((r) => r.split(','))
    .map((r) => r.trim())
    .filter(Boolean);
  // Commander gives a bare `--file` as `true`, not through the collecting parser.
  const fileFlags = flags.file === undefined ? [] : Array.isArray(flags.file) ? flags.file : [flags.file];
  const filePaths = fileFlags.filter((f): f is string => typeof f === 'string');
  // `--file ./repo` alone needs no network target: file templates read the paths.
  const targets =
    filePaths.length > 0 && !flags.target?.length && !flags.list?.length
      ? []
      : await collectTargets(flags, ctx.io.stdin);
  const notice = flags.silent ? () => {} : ctx.err;

  const sources = collectTemplateFiles(paths).map((path) => ({ path, content: readTemplateFile(path) }));
  const loaded = loadTemplates(sources, { trustedKeys: signingKeys(ctx, flags) });
  for (const invalid of loaded.invalid) {
    for (const e of invalid.errors) notice(issueLine(invalid.path ?? '-', e));
  }
  // As nuclei does: one broken file in a folder of hundreds is skipped with a warning and a
  // count, not a reason to run nothing (`templates validate` is the strict check).
  if (loaded.invalid.length > 0) {
    ctx.err(
      ctx.t('templates.invalid_skipped', {
        count: loaded.invalid.length,
        total: loaded.invalid.length + loaded.templates.length + loaded.rejected.length,
      }),
    );
  }
  for (const r of loaded.rejected)
    notice(ctx.t('templates.rejected', { file: r.path, id: r.id, reason: r.reason }));
  if (loaded.templates.length === 0) throw new CliError('error.no_templates');
  const templates = onlyFuzzing(selectTemplates(loaded.templates, flags), flags);
  if (templates.length === 0)
    throw usageError('usage.no_templates_selected', { count: loaded.templates.length });

  const controller = new AbortController();
  let interrupted = false;
  const offInterrupt = ctx.io.onInterrupt?.(() => {
    interrupted = true;
    controller.abort(new Error('interrupted'));
  });
  const timeoutMs = (flags.timeout ?? 10) * 1000;
  const out: Omit<RunJson, 'results'> & { results: FindingJson[] } = {
    results: [],
    skipped: [],
    failures: [],
    unreachable: [],
  };
  // The engine's findings beside their summaries, for `--json`'s nuclei objects.
  const raw = new Map<FindingJson, Finding>();
  let sink: Sink | undefined;
  let stopStats = () => {};
  try {
    let scanned = targets;
    if (templates.some(connects)) {
      const lookup = resolvers.length ? resolverLookup(resolvers) : undefined;
      const reach = await probeTargets(targets, timeoutMs, controller.signal, 50, lookup);
      for (const r of reach) if (!r.reachable) out.unreachable.push({ target: r.target, reason: r.reason });
      const dead = new Set(out.unreachable.map((u) => u.target));
      scanned = targets.filter((t) => !dead.has(t));
      if (out.unreachable.length > 0) {
        const first = out.unreachable[0]!;
        ctx.err(
          ctx.t('templates.unreachable', {
            count: out.unreachable.length,
            total: targets.length,
            target: first.target,
            reason: first.reason,
          }),
        );
      }
      if (scanned.length === 0 && !interrupted) throw new GateTripped(EXIT.cannot);
    }
    if (flags.output !== undefined) sink = await openSink(flags.output, ctx.io.stdout, (e) => String(e));
    const paint = (severity: string, text: string) =>
      ctx.color && COLOURS[severity] ? `\u001b[${COLOURS[severity]}m${text}\u001b[39m` : text;

    if (flags.stats) {
      stopStats = startRunStats(ctx, { templates: templates.length, targets: scanned.length }, () => ({
        findings: out.results.length,
        skipped: out.skipped.length,
        failures: out.failures.length,
      }));
    }
    const events = runTemplates({
      templates,
      targets: scanned,
      // Inputs of unreachable hosts are left out with them.
      ...(dastInputs ? { fuzzInputs: dastInputs.fuzzInputs.filter((i) => scanned.includes(i.url)) } : {}),
      signal: controller.signal,
      options: {
        ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}),
        ...(flags.concurrency !== undefined ? { templateConcurrency: flags.concurrency } : {}),
        // `--timeout 2` means 2 s for a request, connect and answer: the engine's 3× is not ours.
        timeoutMs,
        responseTimeoutMs: timeoutMs,
        ...(headers.length ? { headers } : {}),
        // --resolver answers for DNS templates and for the host names of http targets alike.
        ...(resolvers.length ? { resolvers, hostResolvers: resolvers } : {}),
        ...(flags.enableSelfContained ? { enableSelfContained: true } : {}),
        // --dast opens the dast gate: fuzzing templates alter the inputs' requests.
        ...(flags.dast ? { dast: true } : {}),
        // Screenshot actions write into the current folder, as nuclei's do without -lfa.
        ...(flags.headless ? { headless: { screenshotDir: process.cwd() } } : {}),
        // The code and file gates: this machine's interpreters and files, the user's own choice.
        ...(flags.code ? { code: true } : {}),
        ...(fileFlags.length ? { file: filePaths.length ? { paths: filePaths } : {} } : {}),
        ...interactshOption(flags),
      },
    });
    for await (const event of events) {
      if (event.type === 'finding') {
        const f = event.finding;
        const summary = findingJson(f);
        out.results.push(summary);
        if (flags.json || flags.sarif !== undefined) raw.set(summary, f);
        if (flags.json) continue;
        const line = flags.jsonl
          ? JSON.stringify(nucleiResult(f, { omitRaw: flags.omitRaw === true }))
          : nucleiLine(f, paint);
        if (!sink?.toStdout) await writeWithBackpressure(ctx.io.stdout, `${line}\n`);
        if (sink) await sink.write(`${flags.jsonl ? line : nucleiLine(f, (_s, t) => t)}\n`);
      } else if (event.type === 'skipped') {
        out.skipped.push({
          template_id: event.templateId,
          target: event.target ?? null,
          reason: event.reason,
        });
        notice(ctx.t('templates.skipped', { id: event.templateId || event.target, reason: event.reason }));
      } else {
        const message = plainTlsError(event.message);
        out.failures.push({ template_id: event.templateId, target: event.target, message });
        notice(ctx.t('templates.failure', { id: event.templateId, target: event.target, message }));
      }
    }
  } finally {
    stopStats();
    offInterrupt?.();
    await sink?.close();
  }

  // A target that took the connection and then failed every template counts as unreachable.
  const probed = new Set(out.unreachable.map((u) => u.target));
  const silent = interrupted
    ? []
    : unansweredTargets(
        targets.filter((t) => !probed.has(t)),
        templates.filter(connects).map((t) => t.id),
        { findings: out.results, failures: out.failures, skipped: out.skipped },
      );
  if (silent.length > 0) {
    out.unreachable.push(...silent);
    ctx.err(
      ctx.t('templates.unanswered', {
        count: silent.length,
        total: targets.length,
        target: silent[0]!.target,
        reason: silent[0]!.reason,
      }),
    );
  }

  // Whatever ended the run (the last event or Ctrl+C), what was found is written.
  out.results.sort(bySeverityThenPlace);
  if (flags.json) {
    const omitRaw = flags.omitRaw === true;
    const doc: RunJson = { ...out, results: out.results.map((r) => nucleiResult(raw.get(r)!, { omitRaw })) };
    ctx.json(doc);
  }
  if (flags.sarif !== undefined)
    writeSarif(
      flags.sarif,
      out.results.map((r) => raw.get(r)!),
    );
  const count = out.results.length;
  if (interrupted) {
    ctx.err(ctx.t('templates.interrupted', { count }));
    throw new Interrupted(true);
  }
  // "No findings." from targets that never answered would read as a clean bill of health.
  const noneAnswered = targets.length > 0 && out.unreachable.length === targets.length;
  if (!flags.json && !(noneAnswered && count === 0))
    notice(count === 0 ? ctx.t('templates.no_findings') : ctx.t('templates.findings', { count }));

  if (failOn) {
    const over = countAtOrAbove(
      out.results.map((f) => f.severity),
      failOn,
    );
    if (over > 0) {
      ctx.err(ctx.t('error.gate', { count: over, severity: failOn }));
      throw new GateTripped(EXIT.failure);
    }
  }
  // No target answered: a gate that was never faced does not pass, whatever the flags.
  if (targets.length > 0 && out.unreachable.length === targets.length) throw new GateTripped(EXIT.cannot);
  if (out.unreachable.length > 0 && !flags.allowUnreachable) throw new GateTripped(EXIT.cannot);
}

function writeSarif(file: string, results: readonly Finding[]): void {
  const log = buildSarif(
    results.map((f) => ({
      ruleId: f.templateId,
      ruleName: f.templateName,
      severity: f.severity,
      tags: f.tags,
      ...(f.info.description ? { description: f.info.description } : {}),
      ...(f.info.remediation ? { remediation: f.info.remediation } : {}),
      references: f.info.reference,
      location: f.matchedAt,
      message: `${f.templateName} (${f.severity}) at ${f.matchedAt}${
        f.extractedResults.length ? `: ${f.extractedResults.join(', ')}` : ''
      }`,
    })),
    { name: 'didban', version: VERSION },
  );
  try {
    writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
  } catch (error) {
    throw new CliError('error.write_file', { file, reason: (error as Error).message });
  }
}

/**
 * The keys code templates may be signed with: ProjectDiscovery's, and the operator's own PEM files
 * (`--template-signing-key`, repeatable; `DIDBAN_TEMPLATE_SIGNING_KEYS`, comma-separated).
 */
function signingKeys(ctx: Context, flags: RunFlags): TrustedKey[] {
  const files = [
    ...(flags.templateSigningKey ?? []),
    ...(ctx.env.DIDBAN_TEMPLATE_SIGNING_KEYS ?? '').split(','),
  ]
    .map((f) => f.trim())
    .filter(Boolean);
  const pems = files.map((file) => {
    try {
      return { file, pem: readFileSync(file, 'utf8') };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliError('error.read_file', {
        file,
        reason: code === 'ENOENT' ? 'no such file or folder' : (error as Error).message,
      });
    }
  });
  return pems
    .map(({ file, pem }) => {
      try {
        return trustedKeys([pem], false)[0]!;
      } catch (error) {
        throw usageError('usage.bad_signing_key', { file, reason: (error as Error).message });
      }
    })
    .concat(trustedKeys([]));
}

/** `-H 'Name: value'` as curl and nuclei take it. */
function parseHeader(text: string): [string, string] {
  const i = text.indexOf(':');
  const name = i > 0 ? text.slice(0, i).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw usageError('usage.bad_header', { value: text });
  return [name, text.slice(i + 1).trim()];
}
