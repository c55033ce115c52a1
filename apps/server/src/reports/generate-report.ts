/**
 * Build one report: its facts (aggregates), then the HTML written to disk section by section and
 * the findings a page at a time, then — for PDF — Chromium prints that same file. Progress is
 * reported as the findings are written (0–90 %) and once printing is done.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang } from '@didban/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type reports, users, workspaces } from '../db/schema.js';
import { chartsHtml } from './html/charts.js';
import { coverHtml } from './html/cover.js';
import { documentEnd, documentStart } from './html/document.js';
import { findingHtml } from './html/finding.js';
import { inventoryHtml } from './html/inventory.js';
import { summaryHtml } from './html/summary.js';
import { printPdf } from './print-pdf.js';
import { collectFacts, type ReportFacts } from './report-facts.js';
import { ensureDir, reportKey, sizeOf } from './report-files.js';
import { esc, num } from './report-format.js';
import { label } from './report-labels.js';
import type { ReportScope } from './report-scope.js';
import { countFindings, findingPages } from './stream-findings.js';
import { htmlFile } from './write-html.js';

export type ReportRow = typeof reports.$inferSelect;
export type GenerateOptions = {
  db: Db;
  dataDir: string;
  chromiumPath: string;
  printTimeoutMs: number;
  onProgress(percent: number): Promise<void>;
};
export type Generated = {
  fileKey: string;
  sizeBytes: number;
  findings: number;
  pages: number | null;
  facts: ReportFacts;
};

export async function generateReport(row: ReportRow, o: GenerateOptions): Promise<Generated> {
  const lang = row.lang as Lang;
  const scope: ReportScope = { kind: row.scope_kind, workspaceId: row.workspace_id, record: row.scope };
  const sections = new Set(row.sections);
  const [ws] = await o.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspace_id));
  const by = row.created_by
    ? (await o.db.select({ username: users.username }).from(users).where(eq(users.id, row.created_by)))[0]
        ?.username
    : null;
  const facts = await collectFacts(o.db, scope, row.id, row.created_at);
  const total = sections.has('findings') ? await countFindings(o.db, scope) : facts.summary.total;

  const dir = await ensureDir(o.dataDir, row.workspace_id);
  const htmlPath = join(dir, `${row.id}.html`);
  const title = label(row.preset === 'executive' ? 'title_executive' : 'title_technical', lang);
  const out = htmlFile(htmlPath);
  try {
    await out.write(documentStart(lang, title));
    if (sections.has('cover'))
      await out.write(
        coverHtml({
          lang,
          title,
          workspaceName: ws?.name ?? '',
          scope,
          generatedAt: row.created_at,
          generatedBy: row.schedule_id ? null : (by ?? null),
        }),
      );
    if (sections.has('summary')) await out.write(summaryHtml(facts, lang));
    if (sections.has('charts')) await out.write(chartsHtml(facts, lang));
    if (sections.has('inventory')) await out.write(inventoryHtml(facts, lang));
    if (sections.has('findings')) {
      await out.write(
        `<section id="findings">\n<h2>${esc(label('findings', lang))} (${num(total, lang)})</h2>\n`,
      );
      let written = 0;
      let lastReported = 0;
      for await (const page of findingPages(o.db, scope)) {
        let chunk = '';
        for (const f of page) chunk += findingHtml(f, num(++written, lang), lang);
        await out.write(chunk);
        const percent = Math.min(89, Math.floor((written / Math.max(total, 1)) * 90));
        if (percent >= lastReported + 5) {
          lastReported = percent;
          await o.onProgress(percent);
        }
      }
      if (written === 0) await out.write(`<p class="muted">${esc(label('no_findings', lang))}</p>\n`);
      await out.write('</section>\n');
    }
    await out.write(documentEnd());
  } finally {
    await out.close();
  }
  await o.onProgress(90);

  if (row.format === 'html') {
    const fileKey = reportKey(row.workspace_id, row.id, 'html');
    return { fileKey, sizeBytes: await sizeOf(htmlPath), findings: facts.summary.total, pages: null, facts };
  }
  const pdfPath = join(dir, `${row.id}.pdf`);
  try {
    const pages = await printPdf(htmlPath, pdfPath, o.chromiumPath, o.printTimeoutMs);
    return {
      fileKey: reportKey(row.workspace_id, row.id, 'pdf'),
      sizeBytes: await sizeOf(pdfPath),
      findings: facts.summary.total,
      pages,
      facts,
    };
  } catch (error) {
    await rm(pdfPath, { force: true });
    throw error;
  } finally {
    await rm(htmlPath, { force: true });
  }
}
