import { parseTemplate } from '@didban/core';

export type EditorIssue = { line: number; column: number; message: string; severity: 'error' | 'warning' };

/**
 * What the editor flags, from the same core parser the server validates with, so the editor and
 * a save never disagree about an error or its line.
 */
export function templateIssues(yaml: string): EditorIssue[] {
  if (!yaml.trim()) return [];
  const result = parseTemplate(yaml);
  const issues = result.ok ? result.warnings : result.errors;
  return issues.map((i) => ({
    line: i.line,
    column: i.column,
    message: i.message,
    severity: i.severity === 'warning' ? 'warning' : 'error',
  }));
}
