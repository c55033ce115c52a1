/** What the detail drawer shows of a finding's template: from the public library or the workspace's own. */
import { parseTemplate } from '@didban/core';
import { and, desc, eq } from 'drizzle-orm';
import { templates } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { PUBLIC_ID_PREFIX, publicLibrary } from '../templates/public-library.js';
import type { TemplateInfoForDetail } from './present.js';

const none: TemplateInfoForDetail = {
  description: null,
  remediation: null,
  references: [],
  tags: [],
  authors: [],
  classification: null,
};

export async function templateInfo(db: Tx, workspaceId: string, templateId: string) {
  let yaml = publicLibrary().byId.get(`${PUBLIC_ID_PREFIX}${templateId}`)?.yaml;
  if (yaml === undefined) {
    const [row] = await db
      .select({ yaml: templates.yaml })
      .from(templates)
      .where(and(eq(templates.workspace_id, workspaceId), eq(templates.template_id, templateId)))
      .orderBy(desc(templates.updated_at))
      .limit(1);
    yaml = row?.yaml;
  }
  if (yaml === undefined) return none;
  const parsed = parseTemplate(yaml);
  if (!parsed.ok) return none;
  const info = parsed.template.info;
  return {
    description: info.description ?? null,
    remediation: info.remediation ?? null,
    references: [...info.reference],
    tags: [...info.tags],
    authors: [...info.author],
    classification: info.classification ? { ...info.classification } : null,
  } satisfies TemplateInfoForDetail;
}
