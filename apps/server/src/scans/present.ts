/** Rows as the contract's shapes (packages/core/src/contract/scans.ts). */
import type {
  ScanHistory,
  ScanHistoryProblems,
  ScanSchedule,
  SeverityCounts,
  Vulnerability,
  VulnerabilityDetail,
} from '@didban/core';
import type { scanHistories, schedules, vulnerabilities } from '../db/schema.js';

type HistoryRow = typeof scanHistories.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;
type VulnRow = typeof vulnerabilities.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentHistory(h: HistoryRow, findings: SeverityCounts): ScanHistory {
  return {
    id: h.id,
    scan: h.scan_id,
    status: h.status,
    trigger: h.trigger,
    tasks_done: h.tasks_done,
    total_task: h.total_task,
    targets: h.targets,
    templates: h.templates,
    findings,
    error: h.error,
    created_at: h.created_at.toISOString(),
    started_at: iso(h.started_at),
    finished_at: iso(h.finished_at),
    duration:
      h.finished_at && h.started_at ? (h.finished_at.getTime() - h.started_at.getTime()) / 1000 : null,
  };
}

export function presentHistoryProblems(h: HistoryRow): ScanHistoryProblems {
  return { skipped: h.skipped_count, failures: h.failure_count, problems: h.problems };
}

export function presentSchedule(s: ScheduleRow): ScanSchedule {
  return {
    id: s.id,
    scan: s.subject_id,
    frequency: s.frequency as ScanSchedule['frequency'],
    custom_weekdays: s.weekdays,
    start_time: iso(s.start_time),
    next_run_at: iso(s.next_run_at),
    last_run_at: iso(s.last_run_at),
  };
}

export type VulnListRow = Pick<
  VulnRow,
  | 'id'
  | 'template_id'
  | 'template_name'
  | 'severity'
  | 'matcher_name'
  | 'status'
  | 'asset_id'
  | 'host'
  | 'port'
  | 'matched_at'
  | 'last_scan_id'
  | 'last_history_id'
  | 'first_seen_at'
  | 'last_seen_at'
  | 'fixed_at'
  | 'reopened_count'
  | 'assignee_id'
  | 'due_at'
  | 'status_reason'
  | 'accepted_until'
  | 'last_retest_at'
  | 'last_retest_verdict'
> & { assignee_name: string | null };

const OPEN_STATUSES = new Set(['open', 'in_progress']);

export function presentVulnerability(v: VulnListRow): Vulnerability {
  return {
    id: v.id,
    template_id: v.template_id,
    template_name: v.template_name,
    severity: v.severity as Vulnerability['severity'],
    matcher_name: v.matcher_name,
    status: v.status,
    asset: v.asset_id,
    host: v.host,
    port: v.port,
    matched_at: v.matched_at,
    scan: v.last_scan_id,
    scan_history: v.last_history_id,
    first_seen_at: v.first_seen_at.toISOString(),
    last_seen_at: v.last_seen_at.toISOString(),
    fixed_at: iso(v.fixed_at),
    reopened_count: v.reopened_count,
    assignee: v.assignee_id && v.assignee_name ? { id: v.assignee_id, username: v.assignee_name } : null,
    due_at: iso(v.due_at),
    overdue: OPEN_STATUSES.has(v.status) && v.due_at !== null && v.due_at.getTime() < Date.now(),
    status_reason: v.status_reason,
    accepted_until: iso(v.accepted_until),
    last_retest_at: iso(v.last_retest_at),
    last_retest_verdict: v.last_retest_verdict as Vulnerability['last_retest_verdict'],
  };
}

export type TemplateInfoForDetail = Pick<
  VulnerabilityDetail,
  'description' | 'remediation' | 'references' | 'tags' | 'authors' | 'classification'
>;

export function presentVulnerabilityDetail(
  v: VulnRow & { assignee_name: string | null },
  info: TemplateInfoForDetail,
  curl: string | null,
): VulnerabilityDetail {
  return {
    ...presentVulnerability(v),
    ...info,
    protocol: v.protocol,
    extractor_name: v.extractor_name,
    extracted_results: v.extracted_results,
    ip: v.ip,
    request: v.request,
    response: v.response,
    evidence_truncated: v.evidence_truncated,
    curl_command: curl,
    status_history: [...v.status_history].reverse(),
  };
}
