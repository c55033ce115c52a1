import type { TemplateRun, TemplateRunStatus } from '@didban/core';
import type { tasks, templateRunFindings, templateRuns } from '../db/schema.js';

type RunRow = typeof templateRuns.$inferSelect;
type FindingRow = typeof templateRunFindings.$inferSelect;
type TaskRow = Pick<typeof tasks.$inferSelect, 'status' | 'started_at'> | null;

/** The run's own outcome once it has one; before that the task says queued or running. */
export function runStatus(run: RunRow, task: TaskRow): TemplateRunStatus {
  if (run.outcome) return run.outcome;
  switch (task?.status) {
    case 'leased':
      return 'running';
    case 'done':
      return 'finished';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'queued':
      return 'queued';
    default:
      // The task row is gone (cleaned up) without the run hearing of an end: it did not finish.
      return 'failed';
  }
}

export function presentRun(run: RunRow, task: TaskRow, findings: FindingRow[]): TemplateRun {
  return {
    id: run.id,
    status: runStatus(run, task),
    targets: run.targets,
    template_ids: run.template_ids,
    counts: {
      templates: run.template_ids.length,
      targets: run.targets.length,
      findings: run.finding_count,
      failures: run.failure_count,
      skipped: run.skipped_count,
    },
    findings: findings.map((f) => ({
      id: f.id,
      template_id: f.template_id,
      template_name: f.template_name,
      severity: f.severity,
      protocol: f.protocol,
      host: f.host,
      matched_at: f.matched_at,
      matcher_name: f.matcher_name,
      extractor_name: f.extractor_name,
      extracted_results: f.extracted_results,
      request: f.request,
      response: f.response,
      evidence_truncated: f.evidence_truncated,
      ip: f.ip,
      found_at: f.found_at.toISOString(),
    })),
    problems: run.problems,
    error: run.error,
    created_at: run.created_at.toISOString(),
    started_at: task?.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
  };
}
