/**
 * `didban report`: ask the server for a report of a scan's latest run, an asset group or the
 * workspace since a date, wait while the server builds it (progress on stderr), save the file.
 */
import { writeFileSync } from 'node:fs';
import { formatNumber, type Lang, type ReportCreateInput } from '@didban/core';
import type { Context } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { reportText } from './report-text.js';
import { requireSession } from './require-session.js';

export type ReportFlags = {
  scan?: string;
  group?: string;
  since?: string;
  until?: string;
  format: string;
  lang?: string;
  preset?: string;
  out?: string;
  json?: boolean;
  timeout: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;

export async function createReport(ctx: Context, flags: ReportFlags): Promise<void> {
  const say = (key: Parameters<typeof reportText>[1], p: Record<string, unknown> = {}) =>
    reportText(ctx.lang, key, p);
  const bad = (key: Parameters<typeof reportText>[1], p: Record<string, unknown> = {}) =>
    usageError('usage.invalid_fields', { detail: say(key, p) });
  if (flags.scan && flags.group) throw bad('scope_one');
  if (!['pdf', 'html'].includes(flags.format)) throw bad('format');
  const lang = (flags.lang ?? ctx.lang) as Lang;
  if (!['fa', 'en'].includes(lang)) throw bad('lang');
  const preset = flags.preset ?? 'technical';
  if (!['executive', 'technical'].includes(preset)) throw bad('preset');
  if (!flags.out) throw bad('out');
  for (const [flag, value] of [
    ['--since', flags.since],
    ['--until', flags.until],
  ] as const)
    if (value && !DATE.test(value)) throw bad('date', { flag });
  requireSession(ctx);
  const api = ctx.api();

  const body: ReportCreateInput = {
    format: flags.format as 'pdf' | 'html',
    lang,
    preset: preset as 'executive' | 'technical',
    ...(flags.since ? { since: flags.since } : {}),
    ...(flags.until ? { until: flags.until } : {}),
  };
  if (flags.group) body.group_id = flags.group;
  if (flags.scan) {
    // A scan's report is its latest run's.
    const runs = await api.scans.histories(flags.scan, { page: 1, page_size: 1 });
    const latest = runs.results[0];
    if (!latest) throw new CliError('usage.invalid_fields', { detail: say('no_run', { scan: flags.scan }) });
    body.history_id = latest.id;
  }
  let report = await api.reports.create(body);
  const deadline = Date.now() + Number(flags.timeout) * 1000;
  let shown = -1;
  while (report.status === 'queued' || report.status === 'running') {
    if (Date.now() > deadline)
      throw new CliError('usage.invalid_fields', { detail: say('timeout', { id: report.id }) });
    if (report.progress !== shown && !flags.json) {
      shown = report.progress;
      ctx.err(say('progress', { percent: formatNumber(report.progress, ctx.lang) }));
    }
    await new Promise((r) => setTimeout(r, 500));
    report = await api.reports.get(report.id);
  }
  if (report.status === 'failed')
    throw new CliError('usage.invalid_fields', { detail: say('failed', { error: report.error ?? '' }) });
  const bytes = Buffer.from(await api.reports.download(report.id));
  writeFileSync(flags.out, bytes);
  if (flags.json) return ctx.json({ ...report, file: flags.out });
  ctx.out(
    say('saved', {
      file: flags.out,
      findings: formatNumber(report.findings ?? 0, ctx.lang),
      size: formatNumber(Math.ceil(bytes.length / 1024), ctx.lang),
    }),
  );
}
