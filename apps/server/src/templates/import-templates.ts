import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type CompiledTemplate, loadTemplates, type TemplateSource } from '@didban/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { templates, workspaces } from '../db/schema.js';
import { analyseTemplate } from './analyse-template.js';

/** What a nuclei-templates checkout (or any folder of templates) holds, as Didban sees it. */
export interface ImportReport {
  folder: string;
  /** YAML files looked at (hidden folders such as .github are not). */
  files: number;
  /** Templates the engine runs. */
  loaded: number;
  /** Of the loaded ones: those that need an out-of-band (interactsh) server to run. */
  needsInteractsh: number;
  /** Of the loaded ones: self-contained templates (run once, without a target, when enabled). */
  selfContained: number;
  /** Valid templates the engine does not run, counted per feature with the reason. */
  skipped: { feature: string; count: number; reason: string }[];
  /** Files that are templates but do not validate: count per first problem, with examples. */
  invalid: { count: number; examples: { file: string; line: number; message: string }[] };
  /** YAML files that are not templates at all (scan profiles, CI configuration). */
  notTemplates: { count: number; examples: string[] };
  /** Loaded / total templates per top-level folder (http, dns, network, ssl, workflows, …). */
  byFolder: { folder: string; loaded: number; total: number }[];
}

export interface ImportedTemplates {
  report: ImportReport;
  /** Loaded templates with their YAML, ready to store. */
  sources: { file: string; yaml: string; template: CompiledTemplate }[];
}

const EXAMPLES = 5;

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      if (entry.startsWith('.')) return [];
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/i.test(entry) ? [path] : [];
    });
}

/** A template has `id:` and `info:` at the top level; profiles and CI files do not. */
const looksLikeTemplate = (text: string) => /^id\s*:/m.test(text) && /^info\s*:/m.test(text);

/**
 * Reads a folder laid out like nuclei-templates and sorts every YAML file into loaded, skipped
 * (with the feature and reason), invalid (with the line) or not a template. Nothing is dropped
 * without being counted.
 *
 * @example
 * const { report } = readTemplateFolder('/src/nuclei-templates');
 * console.log(report.loaded, report.skipped);
 */
export function readTemplateFolder(folder: string): ImportedTemplates {
  const files = yamlFiles(folder);
  const sources: TemplateSource[] = [];
  const notTemplates: string[] = [];
  for (const path of files) {
    const content = readFileSync(path, 'utf8');
    if (looksLikeTemplate(content)) sources.push({ content, path });
    else notTemplates.push(relative(folder, path));
  }
  const result = loadTemplates(sources, { templatesRoot: folder });
  const topOf = (path: string | undefined) => (path ? relative(folder, path).split(sep)[0]! : '');
  const folders = new Map<string, { loaded: number; total: number }>();
  const count = (path: string | undefined, loaded: boolean) => {
    const top = topOf(path);
    const entry = folders.get(top) ?? { loaded: 0, total: 0 };
    entry.total += 1;
    if (loaded) entry.loaded += 1;
    folders.set(top, entry);
  };
  for (const t of result.templates) count(t.path, true);
  for (const r of result.rejected) count(r.path, false);
  for (const i of result.invalid) count(i.path, false);

  const reasons = new Map<string, string>();
  for (const r of result.rejected) if (!reasons.has(r.feature)) reasons.set(r.feature, r.reason);
  const byPath = new Map(sources.map((s) => [s.path!, s.content]));
  return {
    report: {
      folder,
      files: files.length,
      loaded: result.templates.length,
      needsInteractsh: result.templates.filter((t) => t.needsInteractsh).length,
      selfContained: result.templates.filter((t) => t.selfContained).length,
      skipped: Object.entries(result.rejectedByFeature)
        .map(([feature, n]) => ({ feature, count: n, reason: reasons.get(feature) ?? '' }))
        .sort((a, b) => b.count - a.count || a.feature.localeCompare(b.feature)),
      invalid: {
        count: result.invalid.length,
        examples: result.invalid.slice(0, EXAMPLES).map((i) => ({
          file: i.path ? relative(folder, i.path) : '',
          line: i.errors[0]?.line ?? 1,
          message: i.errors[0]?.message ?? '',
        })),
      },
      notTemplates: { count: notTemplates.length, examples: notTemplates.slice(0, EXAMPLES) },
      byFolder: [...folders.entries()]
        .map(([name, v]) => ({ folder: name, ...v }))
        .sort((a, b) => a.folder.localeCompare(b.folder)),
    },
    sources: result.templates.map((template) => ({
      file: relative(folder, template.path!),
      yaml: byPath.get(template.path!) ?? '',
      template,
    })),
  };
}

/** The report as the command prints it. */
export function formatImportReport(report: ImportReport): string {
  const lines = [
    `Templates in ${report.folder}: ${report.files} YAML files`,
    `  loaded:        ${report.loaded}` +
      (report.needsInteractsh || report.selfContained
        ? ` (${report.needsInteractsh} need an interactsh server, ${report.selfContained} self-contained)`
        : ''),
    `  skipped:       ${report.skipped.reduce((n, s) => n + s.count, 0)}`,
    ...report.skipped.map((s) => `    ${s.feature.padEnd(12)} ${String(s.count).padStart(6)}  ${s.reason}`),
    `  invalid:       ${report.invalid.count}`,
    ...report.invalid.examples.map((e) => `    ${e.file}:${e.line}: ${e.message}`),
    `  not templates: ${report.notTemplates.count}`,
    ...report.notTemplates.examples.map((f) => `    ${f}`),
    '  per folder (loaded/total):',
    ...report.byFolder.map((f) => `    ${f.folder.padEnd(18)} ${f.loaded}/${f.total}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Stores the loaded templates as a workspace's own. A template id the workspace already has (or
 * that appears twice in the folder) is left as it is and counted in `existing`, so running the
 * import again is harmless.
 */
export async function importIntoWorkspace(
  db: Db,
  workspaceId: string,
  imported: ImportedTemplates,
): Promise<{ imported: number; existing: number }> {
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new Error(`no workspace with id ${workspaceId}`);
  let added = 0;
  let existing = 0;
  for (const source of imported.sources) {
    const analysis = analyseTemplate(source.yaml);
    if (!analysis.ok) continue;
    const facts = analysis.facts;
    const rows = await db
      .insert(templates)
      .values({
        workspace_id: workspaceId,
        template_id: facts.template_id,
        name: facts.name,
        severity: facts.severity,
        tags: facts.tags,
        protocol: facts.protocol,
        author: facts.author,
        rejected_reason: facts.rejected_reason,
        yaml: source.yaml,
      })
      .onConflictDoNothing()
      .returning({ id: templates.id });
    if (rows.length) added += 1;
    else existing += 1;
  }
  return { imported: added, existing };
}
