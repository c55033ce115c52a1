import { parseTemplate, type TemplateIssue } from '@didban/core';
import type { Context } from '../context.js';
import { GateTripped } from '../errors.js';
import { collectTemplateFiles, readTemplateFile } from './template-files.js';

type IssueJson = { line: number; column: number; path: string; message: string };
/** The stable `templates validate --json` shape: `{ results: ValidateJson[] }`. */
export type ValidateJson = {
  file: string;
  ok: boolean;
  id: string | null;
  errors: IssueJson[];
  warnings: IssueJson[];
};

const issueJson = (i: TemplateIssue): IssueJson => ({
  line: i.line,
  column: i.column,
  path: i.path,
  message: i.message,
});

/** `file:line:col: error: path: message`, the form editors and CI annotations understand. */
export const issueLine = (file: string, i: TemplateIssue) =>
  `${file}:${i.line}:${i.column}: ${i.severity}: ${i.path ? `${i.path}: ` : ''}${i.message}`;

/** Parse every file with the browser-safe parser the panel's editor uses; exit 1 if any is invalid. */
export async function validateTemplates(
  ctx: Context,
  paths: string[],
  flags: { json?: boolean },
): Promise<void> {
  const results: ValidateJson[] = collectTemplateFiles(paths).map((file) => {
    const parsed = parseTemplate(readTemplateFile(file));
    return {
      file,
      ok: parsed.ok,
      id: parsed.ok ? parsed.template.id : null,
      errors: parsed.ok ? [] : parsed.errors.map(issueJson),
      warnings: parsed.warnings.map(issueJson),
    };
  });
  const invalid = results.filter((r) => !r.ok).length;
  if (flags.json) ctx.json({ results });
  else {
    for (const r of results) {
      if (r.ok) ctx.out(ctx.t('templates.valid', { file: r.file, id: r.id }));
      for (const e of r.errors) ctx.out(issueLine(r.file, { ...e, severity: 'error' }));
      for (const w of r.warnings) ctx.out(issueLine(r.file, { ...w, severity: 'warning' }));
    }
    ctx.out(ctx.t('templates.summary', { valid: results.length - invalid, invalid, total: results.length }));
  }
  if (invalid > 0) throw new GateTripped();
}
