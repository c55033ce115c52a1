import { countAtOrAbove, isSeverity, SEVERITY_ORDER, type TemplateSeverity } from '@didban/core';
import { type Finding, loadTemplates, runTemplates, type ScanEvent } from '@didban/engine';
import type { Context } from '../context.js';
import { CliError, EXIT, GateTripped, usageError } from '../errors.js';
import { renderTable } from '../output/table.js';
import { collectTemplateFiles, readTemplateFile } from './template-files.js';
import { issueLine } from './templates-validate.js';

export type RunFlags = {
  target: string[];
  json?: boolean;
  failOn?: string;
  rateLimit?: number;
  timeout?: number;
};

/** The stable `templates run --json` shape. */
export type RunJson = {
  results: FindingJson[];
  skipped: { template_id: string; target: string | null; reason: string }[];
  failures: { template_id: string; target: string; message: string }[];
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

// The engine runs templates concurrently; sort so the same scan prints the same table.
const bySeverityThenPlace = (a: FindingJson, b: FindingJson) =>
  SEVERITY_ORDER.indexOf(b.severity) - SEVERITY_ORDER.indexOf(a.severity) ||
  a.template_id.localeCompare(b.template_id) ||
  a.matched_at.localeCompare(b.matched_at) ||
  (a.matcher_name ?? '').localeCompare(b.matcher_name ?? '');

/**
 * Runs templates with the local engine (the same one workers use) against the given targets.
 * Invalid templates stop the run before any request; rejected ones are reported and skipped.
 * With `--fail-on`, a finding at or above that severity makes the exit code 1.
 */
export async function runTemplatesCommand(ctx: Context, paths: string[], flags: RunFlags): Promise<void> {
  const failOn = flags.failOn === undefined ? undefined : parseSeverity(flags.failOn);
  const sources = collectTemplateFiles(paths).map((path) => ({ path, content: readTemplateFile(path) }));
  const loaded = loadTemplates(sources);
  for (const invalid of loaded.invalid) {
    for (const e of invalid.errors) ctx.err(issueLine(invalid.path ?? '-', e));
  }
  if (loaded.invalid.length > 0) throw new GateTripped();
  for (const r of loaded.rejected)
    ctx.err(ctx.t('templates.rejected', { file: r.path, id: r.id, reason: r.reason }));
  if (loaded.templates.length === 0) throw new CliError('error.no_templates');

  const out: RunJson = { results: [], skipped: [], failures: [] };
  const invalidTargets: string[] = [];
  const events: AsyncIterable<ScanEvent> = runTemplates({
    templates: loaded.templates,
    targets: flags.target,
    options: {
      ...(flags.rateLimit !== undefined ? { rateLimit: flags.rateLimit } : {}),
      ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout * 1000 } : {}),
    },
  });
  for await (const event of events) {
    if (event.type === 'finding') out.results.push(findingJson(event.finding));
    else if (event.type === 'skipped' && event.templateId === '' && event.target !== undefined) {
      // The engine reports a target it cannot parse as a skip with no template: a usage error.
      invalidTargets.push(event.target);
      ctx.err(ctx.t('usage.bad_target', { target: event.target }));
    } else if (event.type === 'skipped') {
      out.skipped.push({ template_id: event.templateId, target: event.target ?? null, reason: event.reason });
      ctx.err(ctx.t('templates.skipped', { id: event.templateId || event.target, reason: event.reason }));
    } else {
      out.failures.push({ template_id: event.templateId, target: event.target, message: event.message });
      ctx.err(
        ctx.t('templates.failure', { id: event.templateId, target: event.target, message: event.message }),
      );
    }
  }
  out.results.sort(bySeverityThenPlace);

  if (flags.json) ctx.json(out);
  else if (out.results.length === 0) ctx.out(ctx.t('templates.no_findings'));
  else {
    const { t } = ctx;
    ctx.out(
      renderTable(
        [
          t('table.severity'),
          t('table.template'),
          t('table.matcher'),
          t('table.matched_at'),
          t('table.extracted'),
        ],
        out.results.map((f) => [
          f.severity,
          f.template_id,
          f.matcher_name ?? '',
          f.matched_at,
          f.extracted_results.join(', '),
        ]),
        ctx.color,
      ),
    );
    ctx.out(t('templates.findings', { count: out.results.length }));
  }

  if (invalidTargets.length > 0) throw new GateTripped(EXIT.usage);
  if (failOn) {
    const count = countAtOrAbove(
      out.results.map((f) => f.severity),
      failOn,
    );
    if (count > 0) {
      ctx.err(ctx.t('error.gate', { count, severity: failOn }));
      throw new GateTripped();
    }
  }
}

/** `--fail-on`: checked before any request, a bad value is a usage error (exit 2). */
function parseSeverity(value: string): TemplateSeverity {
  const v = value.trim().toLowerCase();
  if (isSeverity(v) && v !== 'unknown') return v;
  throw usageError('usage.bad_severity', { value, allowed: SEVERITY_ORDER.slice(1).join(', ') });
}
