/** A report request checked against the workspace and turned into a queued row. */

import type { reportCreateSchema } from '@didban/core';
import { PRESET_SECTIONS, REPORT_SECTIONS, type ReportCreateInput, type ReportSection } from '@didban/core';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { assetGroups, type ReportScopeRecord, reports, scanHistories, scans } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

type Input = z.output<typeof reportCreateSchema>;
const scopeUnknown = (field: string) =>
  new HttpError(400, 'validation', 'errors.validation', {}, { [field]: ['reports.scope_unknown'] });

/** Sections in their printed order, the preset's when none were chosen. */
export const sectionsOf = (input: Pick<ReportCreateInput, 'preset' | 'sections'>): ReportSection[] => {
  const chosen = new Set(
    input.sections?.length ? input.sections : PRESET_SECTIONS[input.preset ?? 'technical'],
  );
  return REPORT_SECTIONS.filter((s) => chosen.has(s));
};

/** The scope without its dates: reports that share it are "the same scope" for what-changed. */
export const scopeKeyOf = (kind: string, r: ReportScopeRecord) =>
  JSON.stringify([
    kind,
    r.history_id ?? r.group_id ?? '',
    [...(r.severity ?? [])].sort(),
    [...(r.status ?? [])].sort(),
    r.search ?? '',
  ]);

export async function queueReport(
  db: Db,
  workspaceId: string,
  userId: string | null,
  input: Input,
  scheduleId: string | null = null,
) {
  const record: ReportScopeRecord = {};
  let kind: 'scan_run' | 'group' | 'workspace' = 'workspace';
  if (input.history_id) {
    const [run] = await db
      .select({ id: scanHistories.id, name: scans.name, at: scanHistories.created_at })
      .from(scanHistories)
      .innerJoin(scans, eq(scans.id, scanHistories.scan_id))
      .where(and(eq(scanHistories.id, input.history_id), eq(scanHistories.workspace_id, workspaceId)));
    if (!run) throw scopeUnknown('history_id');
    kind = 'scan_run';
    record.history_id = run.id;
    record.label = run.name;
  } else if (input.group_id) {
    const [group] = await db
      .select({ id: assetGroups.id, name: assetGroups.name })
      .from(assetGroups)
      .where(and(eq(assetGroups.id, input.group_id), eq(assetGroups.workspace_id, workspaceId)));
    if (!group) throw scopeUnknown('group_id');
    kind = 'group';
    record.group_id = group.id;
    record.label = group.name;
  }
  if (input.since) record.since = input.since;
  if (input.until) record.until = input.until;
  if (input.severity?.length) record.severity = input.severity;
  if (input.status?.length) record.status = input.status;
  if (input.search) record.search = input.search;
  const [row] = await db
    .insert(reports)
    .values({
      workspace_id: workspaceId,
      scope_kind: kind,
      scope: record,
      scope_key: scopeKeyOf(kind, record),
      preset: input.preset,
      sections: sectionsOf(input),
      format: input.format,
      lang: input.lang,
      created_by: userId,
      schedule_id: scheduleId,
    })
    .returning();
  return row!;
}
