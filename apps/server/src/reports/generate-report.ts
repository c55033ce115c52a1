/**
 * Build one report: its facts (aggregates), then the HTML written to disk section by section and
 * the findings a page at a time. For PDF the same HTML goes into slices that Chromium prints one
 * after the other while the next is written, and the printed slices are joined into one numbered
 * file (pdf-slices, join-pdf). Progress: findings written (0–89 %), all printed (90), joined (99).
 * Findings are grouped by template (most severe first, then template id, then host): the template's
 * texts once, then each of its findings (html/finding.ts); the PDF caps each finding's evidence.
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
import { findingHtml, templateHeadHtml } from './html/finding.js';
import { inventoryHtml } from './html/inventory.js';
import { summaryHtml } from './html/summary.js';
import { openJoinerThread } from './join-pdf-in-thread.js';
import { slicedPdf } from './pdf-slices.js';
import { openPrinter } from './print-pdf.js';
import { collectFacts, type ReportFacts } from './report-facts.js';
import { ensureDir, reportKey, sizeOf } from './report-files.js';
import { esc, num } from './report-format.js';
import { label } from './report-labels.js';
import type { ReportScope } from './report-scope.js';
import { countFindings, findingPages, groupKey, templateCounts } from './stream-findings.js';
import { htmlFile } from './write-html.js';

export type ReportRow = typeof reports.$inferSelect;
type ReportParts = { cover: string; summary: string; charts: string; inventory: string };

/**
 * Findings per PDF slice: ~100 A4 pages with the technical preset's grouped findings (~4 to a
 * page). Small enough that Chromium's memory stays flat, large enough that the blank rest of each
 * slice's last page and the per-slice page load stay a few percent of the print: at 200 a slice
 * (~50 pages since the grouping) Chromium took ~30 % more CPU for the same 1,000 findings
 * (docs/benchmarks.md, "Findings grouped by template").
 */
export const FINDINGS_PER_SLICE = 400;
export type GenerateOptions = {
  db: Db;
  dataDir: string;
  chromiumPath: string;
  printTimeoutMs: number;
  /** Findings per printed slice of a PDF (FINDINGS_PER_SLICE unless a bench tries another). */
  findingsPerSlice?: number;
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
  const title = label(row.preset === 'executive' ? 'title_executive' : 'title_technical', lang);
  const parts: ReportParts = {
    cover: sections.has('cover')
      ? coverHtml({
          lang,
          title,
          workspaceName: ws?.name ?? '',
          scope,
          generatedAt: row.created_at,
          generatedBy: row.schedule_id ? null : (by ?? null),
        })
      : '',
    summary: sections.has('summary') ? summaryHtml(facts, lang) : '',
    charts: sections.has('charts') ? chartsHtml(facts, lang) : '',
    inventory: sections.has('inventory') ? inventoryHtml(facts, lang) : '',
  };
  const findingsHead = `<section id="findings">\n<h2>${esc(label('findings', lang))} (${num(total, lang)})</h2>\n`;
  const findings = sections.has('findings') ? findingPages(o.db, scope) : null;
  const perTemplate = findings ? await templateCounts(o.db, scope) : new Map<string, number>();
  /** The template whose findings are being written (groupKey), to head each new one. */
  let group: string | null = null;
  /** Findings written so far → progress 0–89 (for PDF each slice is printed as the next is written). */
  let written = 0;
  let lastReported = 0;
  let lastAt = Date.now();
  const progress = async () => {
    const percent = Math.min(89, Math.floor((written / Math.max(total, 1)) * 90));
    // Also every 30 s: each report of progress renews the report's lease, and on a loaded machine
    // one percent of a 100,000-finding print can take longer than the lease.
    if (percent > lastReported || Date.now() - lastAt > 30_000) {
      lastReported = Math.max(lastReported, percent);
      lastAt = Date.now();
      await o.onProgress(lastReported);
    }
  };

  if (row.format === 'html') {
    const htmlPath = join(dir, `${row.id}.html`);
    const out = htmlFile(htmlPath);
    try {
      await out.write(documentStart(lang, title));
      await out.write(parts.cover + parts.summary + parts.charts + parts.inventory);
      if (findings) {
        await out.write(findingsHead);
        for await (const page of findings) {
          let chunk = '';
          for (const f of page) {
            const key = groupKey(f);
            if (key !== group) {
              group = key;
              chunk += templateHeadHtml(f, perTemplate.get(key) ?? 0, lang);
            }
            chunk += findingHtml(f, num(++written, lang), lang);
          }
          await out.write(chunk);
          await progress();
        }
        if (written === 0) await out.write(`<p class="muted">${esc(label('no_findings', lang))}</p>\n`);
        await out.write('</section>\n');
      }
      await out.write(documentEnd());
    } finally {
      await out.close();
    }
    await o.onProgress(90);
    const fileKey = reportKey(row.workspace_id, row.id, 'html');
    return { fileKey, sizeBytes: await sizeOf(htmlPath), findings: facts.summary.total, pages: null, facts };
  }

  const pdfPath = join(dir, `${row.id}.pdf`);
  const printer = await openPrinter(o.chromiumPath, o.printTimeoutMs);
  const joiner = openJoinerThread(pdfPath, lang);
  const slices = slicedPdf({
    dir,
    id: row.id,
    lang,
    title,
    printer,
    joiner,
    perSlice: o.findingsPerSlice ?? FINDINGS_PER_SLICE,
  });
  try {
    const front = parts.cover + parts.summary + parts.charts + parts.inventory;
    if (front) await slices.write(front);
    if (findings) {
      await slices.startFindings(findingsHead);
      for await (const page of findings) {
        for (const f of page) {
          const key = groupKey(f);
          if (key !== group) {
            group = key;
            const n = perTemplate.get(key) ?? 0;
            await slices.group(templateHeadHtml(f, n, lang), templateHeadHtml(f, n, lang, true));
          }
          await slices.finding(findingHtml(f, num(++written, lang), lang, true));
        }
        await progress();
      }
      if (written === 0) await slices.write(`<p class="muted">${esc(label('no_findings', lang))}</p>\n`);
    }
    await slices.finish();
    await o.onProgress(90);
    const pages = await joiner.finish();
    return {
      fileKey: reportKey(row.workspace_id, row.id, 'pdf'),
      sizeBytes: await sizeOf(pdfPath),
      findings: facts.summary.total,
      pages,
      facts,
    };
  } catch (error) {
    joiner.abort();
    await rm(pdfPath, { force: true });
    throw error;
  } finally {
    await printer.close().catch(() => {});
    await slices.cleanup();
  }
}
