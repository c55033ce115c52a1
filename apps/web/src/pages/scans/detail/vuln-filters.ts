import {
  SEVERITIES,
  type Severity,
  VULNERABILITY_STATUSES,
  type VulnerabilityListQuery,
  type VulnerabilityStatus,
} from '@didban/core';

/** The history's vulnerability list filters: severity chips (several), one status, a search, SLA. */
export type VulnFilters = {
  severities: Severity[];
  /** One status, or `unresolved`: open and in progress (what the home page counts as still to fix). */
  status: VulnerabilityStatus | typeof UNRESOLVED | '';
  search: string;
  page: number;
  /** SLA filters (issue 32): open and past due; due within N days (overdue included). */
  overdue: boolean;
  dueWithin: number | null;
  /** Only the caller's findings (`assignee=me`; the workspace list only). */
  mine: boolean;
};

export const UNRESOLVED = 'unresolved';
const UNRESOLVED_STATUSES = 'open,in_progress';

export const VULN_PAGE_SIZE = 10;
export const initialVulnFilters = (): VulnFilters => ({
  severities: [],
  status: '',
  search: '',
  page: 1,
  overdue: false,
  dueWithin: null,
  mine: false,
});

/** A chip toggles its severity; every change of filter goes back to page 1. */
export function toggleSeverity(filters: VulnFilters, severity: Severity): VulnFilters {
  const severities = filters.severities.includes(severity)
    ? filters.severities.filter((s) => s !== severity)
    : [...filters.severities, severity];
  return { ...filters, severities, page: 1 };
}

export function vulnQuery(filters: VulnFilters, search = filters.search): VulnerabilityListQuery {
  const query: VulnerabilityListQuery = { page: filters.page, page_size: VULN_PAGE_SIZE };
  if (filters.severities.length) query.severity = filters.severities.join(',');
  if (filters.status) query.status = filters.status === UNRESOLVED ? UNRESOLVED_STATUSES : filters.status;
  if (search.trim()) query.search = search.trim();
  if (filters.overdue) query.overdue = true;
  if (filters.dueWithin !== null) query.due_within = filters.dueWithin;
  if (filters.mine) query.assignee = 'me';
  return query;
}

export const isVulnStatus = (value: string): value is VulnerabilityStatus =>
  (VULNERABILITY_STATUSES as readonly string[]).includes(value);

/** A choice of the status filter: one status or `unresolved`. */
export const isStatusChoice = (value: string): value is VulnFilters['status'] =>
  value === UNRESOLVED || isVulnStatus(value);

/**
 * The filters a link may open the Findings page with (the home page's SLA counts):
 * `?overdue=1`, `?due_within=7`, `?assignee=me`, `?severity=critical,high`, `?status=open`.
 * Unknown or malformed values are ignored, never an error.
 */
export function filtersFromSearch(params: URLSearchParams): VulnFilters {
  const filters = initialVulnFilters();
  const overdue = params.get('overdue');
  filters.overdue = overdue === '1' || overdue === 'true';
  const due = Number(params.get('due_within'));
  if (params.has('due_within') && Number.isInteger(due) && due >= 0 && due <= 3650) filters.dueWithin = due;
  filters.mine = params.get('assignee') === 'me';
  const severities = (params.get('severity') ?? '').split(',');
  filters.severities = SEVERITIES.filter((s) => severities.includes(s));
  const status = params.get('status') ?? '';
  if (status === UNRESOLVED_STATUSES || status === UNRESOLVED) filters.status = UNRESOLVED;
  else if (isVulnStatus(status)) filters.status = status;
  return filters;
}
