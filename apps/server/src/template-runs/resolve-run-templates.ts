import { parseScanTargets } from '@didban/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { templates } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { analyseTemplate } from '../templates/analyse-template.js';
import { PUBLIC_ID_PREFIX, publicLibrary } from '../templates/public-library.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RunTemplate = { id: string; yaml: string };

/**
 * The targets exactly as the user gave them, or 400 naming the ones that are not URLs or
 * host[:port]. Nothing is added: a run scans only what the user typed.
 */
export function checkTargets(raw: readonly string[]): string[] {
  const { targets, invalid } = parseScanTargets(raw);
  if (invalid.length)
    throw new HttpError(400, 'targets_invalid', 'templates.run_bad_targets', {
      targets: invalid.slice(0, 10).join(', '),
    });
  if (targets.length === 0)
    throw new HttpError(
      400,
      'targets_required',
      'templates.run_no_targets',
      {},
      {
        targets: ['templates.run_no_targets'],
      },
    );
  return targets;
}

function runnable(id: string | null, yaml: string): RunTemplate {
  const analysis = analyseTemplate(yaml);
  if (!analysis.ok) throw new HttpError(400, 'template_invalid', 'templates.invalid');
  if (analysis.facts.rejected_reason)
    throw new HttpError(400, 'template_not_runnable', 'templates.run_not_runnable', {
      id: analysis.facts.template_id,
      reason: analysis.facts.rejected_reason,
    });
  return { id: id ?? analysis.facts.template_id, yaml };
}

/**
 * Saved templates (uuid of this workspace, or `public:<id>`) and the editor's unsaved YAML, as
 * the YAML the worker runs. Another workspace's uuid is unknown here, as everywhere.
 */
export async function resolveRunTemplates(
  db: Db,
  workspaceId: string,
  ids: readonly string[],
  yaml: string | undefined,
): Promise<RunTemplate[]> {
  const unique = [...new Set(ids)];
  const uuids = unique.filter((id) => UUID.test(id));
  const rows = uuids.length
    ? await db
        .select({ id: templates.id, yaml: templates.yaml })
        .from(templates)
        .where(and(eq(templates.workspace_id, workspaceId), inArray(templates.id, uuids)))
    : [];
  const mine = new Map(rows.map((r) => [r.id, r.yaml]));
  const library = publicLibrary();
  const resolved: RunTemplate[] = [];
  for (const id of unique) {
    const source = id.startsWith(PUBLIC_ID_PREFIX) ? library.byId.get(id)?.yaml : mine.get(id.toLowerCase());
    if (source === undefined)
      throw new HttpError(400, 'template_not_found', 'templates.run_unknown_template', { id });
    resolved.push(runnable(id, source));
  }
  if (yaml?.trim()) resolved.push(runnable(null, yaml));
  if (resolved.length === 0) throw new HttpError(400, 'templates_required', 'templates.run_no_templates');
  return resolved;
}
