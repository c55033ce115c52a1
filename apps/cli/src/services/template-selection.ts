import { isSeverity, type TemplateSeverity } from '@didban/core';
import type { CompiledTemplate } from '@didban/engine';
import { usageError } from '../errors.js';

export type SelectionFlags = {
  id?: string[];
  tags?: string[];
  excludeTags?: string[];
  severity?: string[];
  excludeSeverity?: string[];
};

/** `a,b` and repeated flags both give a list; values compare case-insensitively (nuclei does). */
export const listOf = (values: readonly string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/**
 * nuclei's template filters: `--id` (exact ids), `--tags` (any of), `--severity` (any of),
 * `--exclude-tags` (none of). Filters combine with AND, as in nuclei.
 */
export function selectTemplates(
  templates: readonly CompiledTemplate[],
  flags: SelectionFlags,
): CompiledTemplate[] {
  const ids = new Set(listOf(flags.id));
  const tags = new Set(listOf(flags.tags));
  const excluded = new Set(listOf(flags.excludeTags));
  const severities = severitySet(flags.severity, '--severity');
  const excludedSeverities = severitySet(flags.excludeSeverity, '--exclude-severity');
  return templates.filter((t) => {
    const own = t.info.tags.map((x) => x.toLowerCase());
    if (ids.size && !ids.has(t.id.toLowerCase())) return false;
    if (tags.size && !own.some((x) => tags.has(x))) return false;
    if (excluded.size && own.some((x) => excluded.has(x))) return false;
    if (severities.size && !severities.has(t.info.severity)) return false;
    if (excludedSeverities.has(t.info.severity)) return false;
    return true;
  });
}

function severitySet(values: readonly string[] | undefined, option: string): Set<TemplateSeverity> {
  const out = new Set<TemplateSeverity>();
  for (const s of listOf(values)) {
    if (!isSeverity(s)) {
      throw usageError('usage.bad_choice', {
        option,
        value: s,
        allowed: 'info, low, medium, high, critical, unknown',
      });
    }
    out.add(s);
  }
  return out;
}
