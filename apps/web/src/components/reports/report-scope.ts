import type { Lang, Report, ReportCreateInput, Severity, VulnerabilityStatus } from '@didban/core';
import { formatDate } from '../../lib/format-date';
import { reportText } from './reports-text';

/** What a Report button hands its dialog: the scope, and the vulnerability list's filters if any. */
export type ReportScope =
  | { kind: 'scan_run'; historyId: string; label?: string | undefined }
  | { kind: 'group'; groupId: string; label?: string | undefined }
  | { kind: 'workspace' };

export type ReportFilters = {
  severity?: readonly Severity[] | undefined;
  status?: readonly VulnerabilityStatus[] | undefined;
  search?: string | undefined;
};

/** The request's scope fields (filters left out when empty). */
export function scopeFields(scope: ReportScope, filters: ReportFilters = {}): Partial<ReportCreateInput> {
  const body: Partial<ReportCreateInput> = {};
  if (scope.kind === 'scan_run') body.history_id = scope.historyId;
  if (scope.kind === 'group') body.group_id = scope.groupId;
  if (filters.severity?.length) body.severity = [...filters.severity];
  if (filters.status?.length) body.status = [...filters.status];
  if (filters.search?.trim()) body.search = filters.search.trim();
  return body;
}

/** A report's name in lists: "Scan run: nightly", "Asset group: shop", "Whole workspace · dates". */
export function reportName(r: Report, lang: Lang): string {
  const t = reportText(lang);
  const head = t(`scope.${r.scope_kind}`);
  const label = r.scope.label ? `${head}: ${r.scope.label}` : head;
  const dates = [r.scope.since, r.scope.until].filter(Boolean).map((d) => formatDate(d!, lang));
  return dates.length ? `${label} · ${dates.join(' – ')}` : label;
}
