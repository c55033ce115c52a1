import type { Report, ReportSchedule } from '@didban/core';
import type { reportSchedules, reports, schedules } from '../db/schema.js';

type Row = typeof reports.$inferSelect;

export function presentReport(r: Row, retentionDays: number): Report {
  return {
    id: r.id,
    scope_kind: r.scope_kind,
    scope: r.scope,
    preset: r.preset,
    sections: r.sections as Report['sections'],
    format: r.format,
    lang: r.lang,
    status: r.status,
    progress: r.progress,
    findings: r.findings,
    pages: r.pages,
    size_bytes: r.size_bytes,
    error: r.error,
    scheduled: r.schedule_id !== null,
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    expires_at: new Date(r.created_at.getTime() + retentionDays * 86_400_000).toISOString(),
  };
}

export function presentReportSchedule(
  s: typeof reportSchedules.$inferSelect,
  slot: Pick<typeof schedules.$inferSelect, 'next_run_at' | 'last_run_at'> | undefined,
): ReportSchedule {
  return {
    id: s.id,
    channel_id: s.channel_id,
    cadence: s.cadence,
    format: s.format,
    lang: s.lang,
    preset: s.preset,
    next_run_at: slot?.next_run_at?.toISOString() ?? null,
    last_run_at: slot?.last_run_at?.toISOString() ?? null,
    created_at: s.created_at.toISOString(),
  };
}
