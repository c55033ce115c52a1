/**
 * A scan's templates as the worker runs them: picked ids (this workspace's uuids and public
 * library `public:<id>` ids) plus every runnable template carrying one of the picked tags.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { templates } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';
import { analyseTemplate } from '../templates/analyse-template.js';
import { PUBLIC_ID_PREFIX, publicLibrary } from '../templates/public-library.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ScanTemplate = {
  /** The id as picked (uuid or `public:<id>`). */
  id: string;
  /** The YAML's own id: what findings carry. */
  engineId: string;
  yaml: string;
};

const templatesRequired = () =>
  new HttpError(
    400,
    'templates_required',
    'scans.templates_required',
    {},
    {
      template_ids: ['scans.templates_required'],
    },
  );

/**
 * Resolve ids and tags, or 400: none picked ('scans.templates_required'), an id unknown here
 * ('scans.template_unknown'), a tag no runnable template has ('scans.tag_unknown').
 * @example const list = await resolveScanTemplates(tx, ws, ['public:git-config-exposure'], ['exposure']);
 */
export async function resolveScanTemplates(
  db: Tx,
  workspaceId: string,
  ids: readonly string[],
  tags: readonly string[],
): Promise<ScanTemplate[]> {
  if (ids.length === 0 && tags.length === 0) throw templatesRequired();
  const library = publicLibrary();
  const resolved = new Map<string, ScanTemplate>();
  const uuids = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const mine = uuids.length
    ? await db
        .select({ id: templates.id, yaml: templates.yaml, template_id: templates.template_id })
        .from(templates)
        .where(and(eq(templates.workspace_id, workspaceId), inArray(templates.id, uuids)))
    : [];
  const mineById = new Map(mine.map((r) => [r.id, r]));
  for (const id of new Set(ids)) {
    if (id.startsWith(PUBLIC_ID_PREFIX)) {
      const t = library.byId.get(id);
      if (!t) throw new HttpError(400, 'template_not_found', 'scans.template_unknown', { id });
      if (t.facts.rejected_reason) continue;
      resolved.set(id, { id, engineId: t.facts.template_id, yaml: t.yaml });
      continue;
    }
    const row = UUID.test(id) ? mineById.get(id.toLowerCase()) : undefined;
    if (!row) throw new HttpError(400, 'template_not_found', 'scans.template_unknown', { id });
    const analysis = analyseTemplate(row.yaml);
    if (!analysis.ok || analysis.facts.rejected_reason)
      throw new HttpError(400, 'template_not_runnable', 'templates.run_not_runnable', {
        id: row.template_id,
        reason: analysis.ok ? analysis.facts.rejected_reason : 'invalid',
      });
    resolved.set(row.id, { id: row.id, engineId: row.template_id, yaml: row.yaml });
  }
  for (const tag of new Set(tags)) {
    let found = 0;
    for (const t of library.templates) {
      if (t.facts.rejected_reason || !t.facts.tags.includes(tag)) continue;
      found++;
      resolved.set(t.id, { id: t.id, engineId: t.facts.template_id, yaml: t.yaml });
    }
    const tagged = await db
      .select({ id: templates.id, yaml: templates.yaml, template_id: templates.template_id })
      .from(templates)
      .where(
        and(
          eq(templates.workspace_id, workspaceId),
          isNull(templates.rejected_reason),
          sql`${tag} = any(${templates.tags})`,
        ),
      );
    for (const row of tagged) {
      found++;
      resolved.set(row.id, { id: row.id, engineId: row.template_id, yaml: row.yaml });
    }
    if (found === 0) throw new HttpError(400, 'tag_unknown', 'scans.tag_unknown', { tag });
  }
  if (resolved.size === 0) throw templatesRequired();
  return [...resolved.values()];
}
