/**
 * A scheduled report goes out through the alert pipeline's email channel: one delivery (purpose
 * 'report') on the schedule's channel, sent, retried and logged like any alert. The email carries
 * the file as an attachment, or a link to the reports page when it is larger than
 * DIDBAN_REPORTS_MAIL_ATTACH_MB.
 */
import { randomUUID } from 'node:crypto';
import { formatNumber, type Lang } from '@didban/core';
import { eq } from 'drizzle-orm';
import { enqueueDelivery } from '../alerts/delivery-queue.js';
import type { AlertMessage } from '../alerts/event-text.js';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { type AlertEventRecord, reportSchedules, workspaces } from '../db/schema.js';
import type { ReportRow } from './generate-report.js';
import { reportPath } from './report-files.js';

export const REPORT_EVENT_KIND = 'report_ready';

type ReportEventData = {
  report_id: string;
  workspace: string;
  cadence: string;
  findings: number;
  format: string;
  file_name: string;
  /** Set when the file is small enough to attach. */
  file_path: string | null;
  link: string;
};

export async function deliverScheduledReport(db: Db, config: Config, report: ReportRow) {
  if (!report.schedule_id || !report.file_key) return;
  const [schedule] = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.id, report.schedule_id));
  if (!schedule) return;
  const [ws] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, report.workspace_id));
  const attach = (report.size_bytes ?? 0) <= config.reports.mailAttachBytes;
  const data: ReportEventData = {
    report_id: report.id,
    workspace: ws?.name ?? '',
    cadence: schedule.cadence,
    findings: report.findings ?? 0,
    format: report.format,
    file_name: `didban-report-${report.created_at.toISOString().slice(0, 10)}.${report.format}`,
    file_path: attach ? reportPath(config.dataDir, report.file_key) : null,
    link: `${config.publicUrl.replace(/\/+$/, '')}/reports`,
  };
  const event: AlertEventRecord = {
    id: randomUUID(),
    kind: REPORT_EVENT_KIND,
    at: new Date().toISOString(),
    data,
  };
  await enqueueDelivery(
    db,
    {
      workspaceId: report.workspace_id,
      channelId: schedule.channel_id,
      ruleId: null,
      purpose: 'report',
      events: [event],
    },
    { maxAttempts: config.alerts.maxAttempts },
  );
}

const reportData = (events: AlertEventRecord[]) =>
  events.find((e) => e.kind === REPORT_EVENT_KIND)?.data as ReportEventData | undefined;

/** The email's words for a report delivery, in the recipient's language. */
export function renderReportMail(events: AlertEventRecord[], lang: Lang): AlertMessage {
  const d = reportData(events);
  const weekly = d?.cadence === 'weekly';
  const title =
    lang === 'fa'
      ? `دیدبان: گزارش ${weekly ? 'هفتگی' : 'ماهانه'} ${d?.workspace ?? ''}`
      : `Didban: ${weekly ? 'weekly' : 'monthly'} report — ${d?.workspace ?? ''}`;
  const lines = [
    lang === 'fa'
      ? `${formatNumber(d?.findings ?? 0, 'fa')} یافته در این گزارش.`
      : `${d?.findings ?? 0} finding(s) in this report.`,
    d?.file_path
      ? lang === 'fa'
        ? 'فایل گزارش پیوست است.'
        : 'The report is attached.'
      : lang === 'fa'
        ? `فایل برای پیوست بزرگ است؛ آن را از ${d?.link ?? ''} بردارید.`
        : `The file is too large to attach; download it from ${d?.link ?? ''}.`,
  ];
  return { title, lines, lang };
}

/** The attachment of a report delivery (none when it was too large, or for other deliveries). */
export function reportAttachments(events: AlertEventRecord[]) {
  const d = reportData(events);
  if (!d?.file_path) return undefined;
  return [
    {
      filename: d.file_name,
      path: d.file_path,
      contentType: d.format === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8',
    },
  ];
}
