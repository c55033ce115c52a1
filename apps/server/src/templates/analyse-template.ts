import { parseTemplate, type TemplateIssue, type TemplateSeverity } from '@didban/core';
import { loadTemplates } from '@didban/engine';

/** What the server keeps about a template besides its YAML (read from the YAML at save time). */
export interface TemplateFacts {
  template_id: string;
  name: string;
  severity: TemplateSeverity;
  tags: string[];
  protocol: string;
  author: string[];
  description: string | null;
  remediation: string | null;
  reference: string[];
  /** Why the engine will not run it (headless, code, flow, fuzzing), or null. */
  rejected_reason: string | null;
}

export type Analysis = { ok: true; facts: TemplateFacts } | { ok: false; issues: TemplateIssue[] };

/**
 * Validates a template with the core parser (the editor's own, so the server and the editor agree
 * on every error and line), then compiles it with the engine to catch what only compiling finds
 * (a regular expression JavaScript cannot run, a bad payload block). Templates the engine does not
 * run are accepted and flagged, never silently dropped.
 *
 * @example
 * const result = analyseTemplate(yaml);
 * if (!result.ok) console.log(result.issues[0]?.line, result.issues[0]?.message);
 */
export function analyseTemplate(yaml: string): Analysis {
  const parsed = parseTemplate(yaml);
  if (!parsed.ok) return { ok: false, issues: [...parsed.errors] };
  const template = parsed.template;
  let rejected: string | null = null;
  // Workflows name other templates by path; they are checked when a scan resolves them.
  if (template.workflows.length === 0) {
    const loaded = loadTemplates([{ content: yaml }]);
    const invalid = loaded.invalid[0];
    if (invalid) return { ok: false, issues: [...invalid.errors] };
    rejected = loaded.rejected[0]?.reason ?? null;
  }
  // The engine runs file templates now, but only on paths: from `didban templates run --file` or a
  // self-hosted worker's own --file-root folders. A scan hands workers hosts, never paths.
  if (!rejected && template.protocols.includes('file'))
    rejected = 'file templates scan the local file system, not a target';
  return {
    ok: true,
    facts: {
      template_id: template.id,
      name: template.info.name,
      severity: template.info.severity,
      tags: [...new Set(template.info.tags)],
      protocol: template.protocols[0] ?? 'http',
      author: [...template.info.author],
      description: template.info.description ?? null,
      remediation: template.info.remediation ?? null,
      reference: [...template.info.reference],
      rejected_reason: rejected,
    },
  };
}
