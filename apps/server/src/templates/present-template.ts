import type { TemplateDetail, TemplateItem } from '@didban/core';
import type { templates } from '../db/schema.js';
import type { TemplateFacts } from './analyse-template.js';
import type { PublicTemplate } from './public-library.js';

type Row = typeof templates.$inferSelect;

function item(id: string, facts: Omit<TemplateFacts, 'description' | 'remediation' | 'reference'>) {
  return {
    id,
    template_id: facts.template_id,
    name: facts.name,
    severity: facts.severity,
    tags: [...facts.tags],
    protocol: facts.protocol,
    author: [...facts.author],
    runnable: facts.rejected_reason === null,
  };
}

/** A list item for one of my templates. */
export function presentRow(row: Row): TemplateItem {
  return {
    ...item(row.id, { ...row, severity: row.severity as TemplateItem['severity'] }),
    source: 'mine',
    updated_at: row.updated_at.toISOString(),
  };
}

/** The detail of one of my templates; description and references come from the YAML's facts. */
export function presentRowDetail(row: Row, facts: TemplateFacts): TemplateDetail {
  return {
    ...presentRow(row),
    yaml: row.yaml,
    description: facts.description,
    remediation: facts.remediation,
    reference: facts.reference,
    rejected_reason: row.rejected_reason,
    created_at: row.created_at.toISOString(),
  };
}

export function presentPublic(t: PublicTemplate): TemplateItem {
  return { ...item(t.id, t.facts), source: 'public', updated_at: null };
}

export function presentPublicDetail(t: PublicTemplate): TemplateDetail {
  return {
    ...presentPublic(t),
    yaml: t.yaml,
    description: t.facts.description,
    remediation: t.facts.remediation,
    reference: t.facts.reference,
    rejected_reason: t.facts.rejected_reason,
    created_at: null,
  };
}
