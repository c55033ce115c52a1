import {
  type Severity,
  VULNERABILITY_STATUSES,
  type VulnerabilityListQuery,
  type VulnerabilityStatus,
} from '@didban/core';

/** The history's vulnerability list filters: severity chips (several), one status, a search, SLA. */
export type VulnFilters = {
  severities: Severity[];
  status: VulnerabilityStatus | '';
  search: string;
  page: number;
  /** SLA filters (issue 32): open and past due; due within N days (overdue included). */
  overdue: boolean;
  dueWithin: number | null;
};

export const VULN_PAGE_SIZE = 10;
export const initialVulnFilters = (): VulnFilters => ({
  severities: [],
  status: '',
  search: '',
  page: 1,
  overdue: false,
  dueWithin: null,
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
  if (filters.status) query.status = filters.status;
  if (search.trim()) query.search = search.trim();
  if (filters.overdue) query.overdue = true;
  if (filters.dueWithin !== null) query.due_within = filters.dueWithin;
  return query;
}

export const isVulnStatus = (value: string): value is VulnerabilityStatus =>
  (VULNERABILITY_STATUSES as readonly string[]).includes(value);
