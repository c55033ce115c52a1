import { writeFileSync } from 'node:fs';
import {
  type ApiClient,
  buildSarif,
  type Lang,
  pageThroughCursor,
  SEVERITIES,
  SEVERITY_ORDER,
  type Severity,
  severitiesAtLeast,
  VULNERABILITY_STATUSES,
  type Vulnerability,
  type VulnerabilityListQuery,
  type VulnerabilityStatus,
} from '@didban/core';
import type { Context } from '../context.js';
import { CliError, GateTripped, usageError } from '../errors.js';
import { shortTime } from '../output/format.js';
import { label } from '../output/labels.js';
import { openSink, writeWithBackpressure } from '../output/sink.js';
import { renderTable } from '../output/table.js';
import { VERSION } from '../program.js';
import { commaList } from './comma-list.js';
import { favourMemoryOverSpeed } from './memory-mode.js';
import { notFoundAs } from './not-found.js';
import { requireSession } from './require-session.js';
import { type VulnFormat, vulnSarifFinding, vulnStreamWriter } from './vulns-stream.js';

export type VulnListFlags = {
  jsonl?: boolean;
  csv?: boolean;
  scan?: string;
  asset?: string;
  severity?: string;
  status?: string;
  search?: string;
  page?: number;
  all?: boolean;
  json?: boolean;
  failOn?: string;
  includeTriaged?: boolean;
  sarif?: string;
};

const PAGE_SIZE = 25;

/** What a gate counts by default: findings still to be dealt with, not triaged ones. */
const UNTRIAGED: readonly VulnerabilityStatus[] = ['open', 'in_progress'];

/** The statuses a `--fail-on` gate counts: the listed ones, less the triaged unless asked. */
function gateStatuses(query: VulnerabilityListQuery, includeTriaged: boolean): string[] {
  const listed = query.status ? query.status.split(',') : [...VULNERABILITY_STATUSES];
  return includeTriaged ? listed : listed.filter((s) => (UNTRIAGED as readonly string[]).includes(s));
}

/** `--fail-on`: checked before any request; a bad value is a usage error (exit 2). */
function parseFailOn(value: string): Severity {
  const v = value.trim().toLowerCase();
  if ((SEVERITIES as readonly string[]).includes(v) && v !== 'unknown') return v as Severity;
  throw usageError('usage.bad_severity', { value, allowed: SEVERITY_ORDER.slice(1).join(', ') });
}

/** The filters shared by the listing and the gate's count. */
function baseQuery(flags: VulnListFlags): VulnerabilityListQuery {
  const severity = commaList(flags.severity, SEVERITIES, '--severity');
  const status = commaList(flags.status, VULNERABILITY_STATUSES, '--status');
  return {
    scan: flags.scan,
    asset: flags.asset,
    search: flags.search,
    severity: severity?.join(','),
    status: status?.join(','),
  };
}

/**
 * How many vulnerabilities the listing's filters select at or above the gate, over every page:
 * the server counts them (one request of one row), whatever page is shown.
 */
async function gateCount(
  api: ApiClient,
  query: VulnerabilityListQuery,
  gate: Severity,
  statuses: readonly string[],
): Promise<number> {
  const atLeast = severitiesAtLeast(gate);
  const listed = query.severity?.split(',') as Severity[] | undefined;
  const severities = listed ? atLeast.filter((s) => listed.includes(s)) : atLeast;
  if (!severities.length || !statuses.length) return 0;
  const page = await api.scans.vulnerabilities({
    ...query,
    severity: severities.join(','),
    status: statuses.join(','),
    page: 1,
    page_size: 1,
  });
  return page.result_count;
}

export function vulnRow(v: Vulnerability, lang: Lang = 'en'): string[] {
  return [
    v.id,
    label(lang, v.severity),
    v.template_id,
    v.port === null ? v.host : `${v.host}:${v.port}`,
    v.matched_at,
    label(lang, v.status),
    shortTime(v.last_seen_at),
  ];
}

export const vulnHead = (ctx: Pick<Context, 't'>) => [
  ctx.t('table.id'),
  ctx.t('table.severity'),
  ctx.t('table.template'),
  ctx.t('table.host_port'),
  ctx.t('table.matched_at'),
  ctx.t('table.status'),
  ctx.t('table.last_seen'),
];

/**
 * `vulns list`: the workspace's vulnerabilities (most severe first, then newest), filtered by
 * scan, asset, severity and status; `--fail-on` exits 1 when any of them (on any page) is at or
 * above the gate, after printing the listing.
 */
export async function listVulnsCommand(ctx: Context, flags: VulnListFlags): Promise<void> {
  if (flags.all && flags.page !== undefined) throw usageError('usage.page_and_all');
  const gate = flags.failOn === undefined ? undefined : parseFailOn(flags.failOn);
  const query = baseQuery(flags);
  requireSession(ctx);
  const api = ctx.api();
  if ([flags.json, flags.jsonl, flags.csv].filter(Boolean).length > 1) throw usageError('usage.one_format');
  if (flags.all) return streamAll(ctx, api, query, flags, gate);
  const current = flags.page ?? 1;
  const page = await api.scans.vulnerabilities({ ...query, page: current, page_size: PAGE_SIZE });
  const rows = page.results;
  if (flags.json) {
    ctx.json({
      results: rows,
      result_count: page.result_count,
      total_pages: page.total_pages,
      current_page: current,
      next_page: page.next_page,
    });
  } else if (flags.jsonl || flags.csv) {
    const writer = vulnStreamWriter(ctx, {
      format: flags.jsonl ? 'jsonl' : 'csv',
      write: (chunk) => writeWithBackpressure(ctx.io.stdout, chunk),
      table: { head: vulnHead(ctx), row: (v) => vulnRow(v, ctx.lang) },
    });
    await writer.open();
    for (const v of rows) await writer.row(v);
    await writer.close();
  } else {
    ctx.out(
      rows.length
        ? renderTable(
            vulnHead(ctx),
            rows.map((v) => vulnRow(v, ctx.lang)),
            ctx.color,
          )
        : ctx.t('vulns.none'),
    );
  }
  if (!flags.json && page.total_pages > 1) {
    ctx.err(ctx.t('list.page', { page: current, pages: page.total_pages, count: page.result_count }));
  }
  if (flags.sarif !== undefined) writeVulnSarif(flags.sarif, rows);
  if (gate) {
    const statuses = gateStatuses(query, flags.includeTriaged === true);
    const count = await gateCount(api, query, gate, statuses);
    if (count > 0) {
      ctx.err(ctx.t('error.gate', { count, severity: gate }));
      throw new GateTripped();
    }
  }
}

/**
 * `--all`: every page, written as it arrives in the chosen format (and to `--sarif FILE`), so
 * memory stays flat however many findings there are; the gate counts as the rows go by.
 */
async function streamAll(
  ctx: Context,
  api: ApiClient,
  query: VulnerabilityListQuery,
  flags: VulnListFlags,
  gate: Severity | undefined,
): Promise<void> {
  favourMemoryOverSpeed();
  const format: VulnFormat = flags.json ? 'json' : flags.jsonl ? 'jsonl' : flags.csv ? 'csv' : 'table';
  const sarif =
    flags.sarif === undefined
      ? undefined
      : await openSink(flags.sarif, ctx.io.stdout, (error) => (error as Error).message);
  const writer = vulnStreamWriter(ctx, {
    format,
    write: (chunk) => writeWithBackpressure(ctx.io.stdout, chunk),
    ...(sarif ? { sarif } : {}),
    table: { head: vulnHead(ctx), row: (v) => vulnRow(v, ctx.lang) },
  });
  const statuses = gate ? gateStatuses(query, flags.includeTriaged === true) : [];
  const atLeast = gate ? new Set<string>(severitiesAtLeast(gate)) : new Set<string>();
  let over = 0;
  try {
    await writer.open();
    // Keyset pages of 1000 (cursor → next_cursor): each costs the server an index range read,
    // where offset pages of 100 read and dropped every row before them (100,000 took minutes).
    const pages = pageThroughCursor((cursor) => api.scans.vulnerabilitiesAfter(query, cursor, 1000));
    for await (const v of pages) {
      if (atLeast.has(v.severity) && statuses.includes(v.status)) over++;
      await writer.row(v);
    }
    await writer.close();
  } catch (error) {
    // A half-written SARIF file would read as the whole listing to code scanning.
    await sarif?.discard();
    throw error;
  }
  await sarif?.close();
  if (gate && over > 0) {
    ctx.err(ctx.t('error.gate', { count: over, severity: gate }));
    throw new GateTripped();
  }
}

/** The listed vulnerabilities as SARIF 2.1.0, one result each (the status in the message). */
function writeVulnSarif(file: string, rows: readonly Vulnerability[]): void {
  const log = buildSarif(rows.map(vulnSarifFinding), { name: 'didban', version: VERSION });
  try {
    writeFileSync(file, `${JSON.stringify(log, null, 2)}\n`);
  } catch (error) {
    throw new CliError('error.write_file', { file, reason: (error as Error).message });
  }
}

/** `vulns set-status <id> <status>`: triage, as the panel's status menu does. */
export async function setVulnStatusCommand(ctx: Context, id: string, status: string): Promise<void> {
  const [next] = commaList(status, VULNERABILITY_STATUSES, '<status>') ?? [];
  if (!next || status.includes(',')) {
    throw usageError('usage.bad_choice', {
      option: '<status>',
      value: status,
      allowed: VULNERABILITY_STATUSES.join(', '),
    });
  }
  requireSession(ctx);
  const vuln = await ctx
    .api()
    .scans.setVulnerabilityStatus(id, next as VulnerabilityStatus)
    .catch(notFoundAs('error.unknown_vulnerability', id));
  ctx.out(ctx.t('vulns.status_set', { id: vuln.id, template: vuln.template_id, status: vuln.status }));
}
