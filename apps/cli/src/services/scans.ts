import {
  type ApiClient,
  type BulkScanInput,
  defaultBulkScanName,
  pageThrough,
  SCAN_LIST_STATUSES,
  type Scan,
  type Severity,
  severitiesAtLeast,
  startBulkScan,
  translate,
  VULNERABILITY_STATUSES,
  validateBulkScanForm,
} from '@didban/core';
import type { Context } from '../context.js';
import { CliError, EXIT, GateTripped, usageError } from '../errors.js';
import { severityCountsText, shortTime } from '../output/format.js';
import { label } from '../output/labels.js';
import { renderTable } from '../output/table.js';
import { commaList } from './comma-list.js';
import { notFoundAs } from './not-found.js';
import { parseSeverity } from './parse-severity.js';
import { requireSession } from './require-session.js';
import { followScan, resolveHistory } from './scan-follow.js';
import { serverTemplateId } from './templates-list.js';

export type ScanListFlags = {
  search?: string;
  status?: string;
  page?: number;
  all?: boolean;
  json?: boolean;
};
export type ScanStartFlags = {
  name?: string;
  group?: string[];
  asset?: string[];
  template?: string[];
  tag?: string[];
  workerGroup?: string;
  /** A DAST scan (issue 30): its runs fuzz the assets' crawled endpoints. */
  dast?: boolean;
  follow?: boolean;
  json?: boolean;
} & FollowGateFlags;

const PAGE_SIZE = 25;

/** A scan's groups: the server's `asset_groups`, or the one `asset_group` an older server sends. */
const groupsOf = (s: Scan): { id: string; name: string }[] =>
  s.asset_groups ?? (s.asset_group ? [{ id: s.asset_group, name: s.asset_group_name ?? s.asset_group }] : []);

/** The stable `scans list --json` row. */
const scanJson = (s: Scan) => ({
  id: s.id,
  name: s.name,
  asset_group: s.asset_group,
  asset_group_name: s.asset_group_name,
  // Every group of a bulk scan over several, in the order chosen (`asset_group` is the first).
  asset_groups: groupsOf(s),
  assets: s.assets,
  template_ids: s.template_ids,
  template_tags: s.template_tags,
  status: s.status,
  latest_history: s.latest_history
    ? {
        id: s.latest_history.id,
        status: s.latest_history.status,
        tasks_done: s.latest_history.tasks_done,
        total_task: s.latest_history.total_task,
        started_at: s.latest_history.started_at,
        finished_at: s.latest_history.finished_at,
        findings: s.latest_history.findings,
      }
    : null,
  vulnerabilities: s.vulnerabilities,
  created_at: s.created_at,
});

function scanRow(ctx: Context, s: Scan): (string | number)[] {
  const groups = groupsOf(s);
  const target = groups.length
    ? groups.map((g) => g.name).join(ctx.lang === 'fa' ? '، ' : ', ')
    : ctx.t('scans.n_assets', { count: s.assets.length });
  const lastRun = s.latest_history ? (s.latest_history.started_at ?? s.latest_history.created_at) : null;
  return [
    s.id,
    s.name,
    target,
    label(ctx.lang, s.status),
    shortTime(lastRun),
    severityCountsText(s.vulnerabilities),
  ];
}

/** `scans list`: one page or `--all`, with the panel's search and a status filter. */
export async function listScansCommand(ctx: Context, flags: ScanListFlags): Promise<void> {
  if (flags.all && flags.page !== undefined) throw usageError('usage.page_and_all');
  const status = commaList(flags.status, SCAN_LIST_STATUSES, '--status');
  requireSession(ctx);
  const api = ctx.api();
  const query = { search: flags.search, status: status?.join(','), page_size: flags.all ? 100 : PAGE_SIZE };
  let rows: Scan[];
  let paging: Record<string, unknown>;
  if (flags.all) {
    rows = [];
    for await (const s of pageThrough((page) => api.scans.list({ ...query, page }))) rows.push(s);
    paging = { result_count: rows.length };
  } else {
    const current = flags.page ?? 1;
    const page = await api.scans.list({ ...query, page: current });
    rows = page.results;
    paging = {
      result_count: page.result_count,
      total_pages: page.total_pages,
      current_page: current,
      next_page: page.next_page,
    };
  }
  if (flags.json) return ctx.json({ results: rows.map(scanJson), ...paging });
  const { t } = ctx;
  ctx.out(
    renderTable(
      [
        t('table.id'),
        t('table.name'),
        t('table.target'),
        t('table.status'),
        t('table.last_run'),
        t('table.findings'),
      ],
      rows.map((s) => scanRow(ctx, s)),
      ctx.color,
    ),
  );
  if (typeof paging.total_pages === 'number' && paging.total_pages > 1) {
    ctx.err(
      t('list.page', { page: paging.current_page, pages: paging.total_pages, count: paging.result_count }),
    );
  }
}

/** Repeatable flags that also take comma lists: `--tag a,b --tag c` → [a, b, c]. */
const flat = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** Spec §5: a bulk scan's name is prefilled from the group names, or the first hosts, plus the date (as in the panel). */
async function defaultName(api: ApiClient, groups: string[], assets: string[]): Promise<string> {
  if (groups.length) {
    const names = await Promise.all(
      groups.map(
        async (id) => (await api.assets.getGroup(id).catch(notFoundAs('error.unknown_group', id))).name,
      ),
    );
    return defaultBulkScanName({ groups: names }, new Date());
  }
  const hosts = await Promise.all(assets.slice(0, 3).map(async (id) => (await api.assets.getAsset(id)).host));
  return defaultBulkScanName({ hosts: [...hosts, ...assets.slice(3)] }, new Date());
}

/** The bulk scan body from flags, checked with core's §5 rules before any request (exit 2). */
export function bulkScanBody(ctx: Context, flags: ScanStartFlags, name: string): BulkScanInput {
  const groups = flat(flags.group);
  const assets = flat(flags.asset);
  if (groups.length > 0 === assets.length > 0) {
    throw new CliError(
      'usage.invalid_fields',
      { detail: translate('scans.targets_required', ctx.lang) },
      EXIT.usage,
    );
  }
  const template_ids = flat(flags.template).map(serverTemplateId);
  const template_tags = flat(flags.tag);
  const errors = validateBulkScanForm({
    name: name || 'x',
    templateIds: template_ids,
    templateTags: template_tags,
  });
  const messages = Object.values(errors).map((m) => m[ctx.lang]);
  if (messages.length) throw new CliError('usage.invalid_fields', { detail: messages.join(' ') }, EXIT.usage);
  return {
    name,
    template_ids,
    template_tags,
    ...(groups.length ? { asset_groups: groups } : { assets }),
    ...(flags.workerGroup ? { worker_group: flags.workerGroup } : {}),
    ...(flags.dast ? { dast: true } : {}),
  };
}

/**
 * `scans start`: a bulk scan of groups or assets (core's startBulkScan: the §8 messages when the
 * server gives no ids), printing the scan and run ids; `--follow` then follows the run.
 */
export async function startScanCommand(ctx: Context, flags: ScanStartFlags): Promise<void> {
  if (flags.name !== undefined && !flags.name.trim()) {
    throw new CliError(
      'usage.invalid_fields',
      { detail: translate('scans.bulk_name_required', ctx.lang) },
      EXIT.usage,
    );
  }
  // Checked once without the name, so a bad command line costs no request.
  bulkScanBody(ctx, flags, flags.name ?? 'x');
  const gate = parseFollowGate(flags);
  if (!flags.follow && (flags.failOn !== undefined || flags.timeout !== undefined)) {
    throw usageError('usage.gate_needs_follow');
  }
  requireSession(ctx);
  const api = ctx.api();
  const name = flags.name?.trim() || (await defaultName(api, flat(flags.group), flat(flags.asset)));
  const body = bulkScanBody(ctx, flags, name);
  const { scanId, historyId } = await startBulkScan(api.scans, body, ctx.lang);
  const started = { scan_id: scanId, scan_history_id: historyId, name };
  if (!flags.follow) {
    if (flags.json) return ctx.json(started);
    ctx.out(ctx.t('scans.started', { name, scan: scanId, history: historyId }));
    ctx.out(ctx.t('scans.follow_hint', { scan: scanId, history: historyId }));
    return;
  }
  if (!flags.json) ctx.out(ctx.t('scans.started', { name, scan: scanId, history: historyId }));
  const { history } = await resolveHistory(api, scanId, historyId);
  const { exitCode, snapshot } = await followScan(ctx, { id: scanId, name }, history, {
    linesTo: flags.json ? 'stderr' : 'stdout',
    timeoutMs: gate.timeoutMs,
  });
  if (flags.json) ctx.json({ ...started, status: snapshot.data?.status ?? history.status });
  if (exitCode !== EXIT.ok) throw new GateTripped(exitCode);
  await gateOnRun(ctx, api, scanId, historyId, gate);
}

export type FollowGateFlags = { failOn?: string; timeout?: string; includeTriaged?: boolean };
type FollowGate = { failOn?: Severity; timeoutMs?: number; includeTriaged: boolean };

/** `--fail-on` and `--timeout` of a followed scan, checked before any request (exit 2). */
function parseFollowGate(flags: FollowGateFlags): FollowGate {
  return {
    failOn: flags.failOn === undefined ? undefined : parseSeverity(flags.failOn),
    timeoutMs: flags.timeout === undefined ? undefined : parseDuration(flags.timeout),
    includeTriaged: flags.includeTriaged === true,
  };
}

/** `90`, `90s`, `15m`, `2h`: how long to follow before giving up (exit 3). */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(text.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m?.[2] ?? 's').toLowerCase() as 's'];
  const ms = m ? Number(m[1]) * unit : Number.NaN;
  if (!(ms > 0)) throw usageError('usage.bad_duration', { option: '--timeout', value: text });
  return ms;
}

/**
 * A finished run's gate: the run's open and in-progress findings at or above `--fail-on`
 * (every status with `--include-triaged`), counted by the server. Exit 1 when any.
 */
async function gateOnRun(ctx: Context, api: ApiClient, scanId: string, historyId: string, gate: FollowGate) {
  if (!gate.failOn) return;
  const statuses = gate.includeTriaged ? VULNERABILITY_STATUSES : ['open', 'in_progress'];
  const page = await api.scans.historyVulnerabilities(scanId, historyId, {
    severity: severitiesAtLeast(gate.failOn).join(','),
    status: statuses.join(','),
    page: 1,
    page_size: 1,
  });
  if (page.result_count > 0) {
    ctx.err(ctx.t('error.gate', { count: page.result_count, severity: gate.failOn }));
    throw new GateTripped(EXIT.failure);
  }
}

/** `scans follow`: the latest run unless `--history` names one; `--fail-on` gates on its findings. */
export async function followScanCommand(
  ctx: Context,
  scanId: string,
  flags: { history?: string } & FollowGateFlags,
) {
  const gate = parseFollowGate(flags);
  requireSession(ctx);
  const api = ctx.api();
  const { scan, history } = await resolveHistory(api, scanId, flags.history);
  const { exitCode } = await followScan(ctx, scan, history, { timeoutMs: gate.timeoutMs });
  if (exitCode !== EXIT.ok) throw new GateTripped(exitCode);
  await gateOnRun(ctx, api, scan.id, history.id, gate);
}

/** `scans cancel`: cancels a run (the latest unless `--history`); a run that is over answers 409. */
export async function cancelScanCommand(ctx: Context, scanId: string, flags: { history?: string }) {
  requireSession(ctx);
  const api = ctx.api();
  const { scan, history } = await resolveHistory(api, scanId, flags.history);
  const status = await api.scans.cancel(scan.id, history.id);
  ctx.out(ctx.t('scans.cancel_sent', { name: scan.name, history: history.id, status: status.status }));
}
