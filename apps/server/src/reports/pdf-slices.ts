/**
 * Where a PDF report's HTML goes: not one document but slices — the front matter (cover, summary,
 * charts, inventory) in one, then the findings a fixed number per slice — each a whole HTML
 * document that Chromium prints to its own PDF while the next slice is written, and each printed
 * PDF is appended to the joined file (join-pdf) while Chromium prints the next. Chromium's memory
 * and time per page grow with the document it lays out, so bounded slices keep both flat however
 * many findings the report holds. At most one slice is printing and one joining while the next is
 * written, so a few slices at most are on disk.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lang } from '@didban/core';
import { documentEnd, documentStart } from './html/document.js';
import type { PdfJoiner } from './join-pdf.js';
import type { PdfPrinter } from './print-pdf.js';
import { type HtmlSink, htmlFile } from './write-html.js';

export type SlicedPdf = {
  /** Front-matter HTML (cover, summary, charts, inventory), all in the first slice. */
  write(html: string): Promise<void>;
  /** The findings section's opening (its heading), written once before the first finding. */
  startFindings(html: string): Promise<void>;
  /**
   * A template's heading, before its first finding; `continued` (the heading marked as continued)
   * opens each later slice that starts among this template's findings.
   */
  group(html: string, continued: string): Promise<void>;
  /** One finding's HTML; a new slice starts after every `perSlice` findings. */
  finding(html: string): Promise<void>;
  /** Close the last slice and wait until every slice is printed and joined; resolves with the slice count. */
  finish(): Promise<number>;
  /** Remove every slice file (HTML and PDF) this report wrote. */
  cleanup(): Promise<void>;
};

export function slicedPdf(o: {
  dir: string;
  id: string;
  lang: Lang;
  title: string;
  printer: PdfPrinter;
  joiner: PdfJoiner;
  perSlice: number;
  /** Called after each slice is in the joined file, with how many are. */
  onJoined?(slices: number): Promise<void>;
}): SlicedPdf {
  const parts: string[] = [];
  const written: string[] = [];
  let current: HtmlSink | null = null;
  let currentHtml = '';
  let inFindings = false;
  let findingsHere = 0;
  /** The current template's heading as a slice that starts inside its findings repeats it. */
  let continued = '';
  let printing: Promise<void> = Promise.resolve();
  let joining: Promise<void> = Promise.resolve();
  let joined = 0;

  const open = async () => {
    const index = parts.length;
    currentHtml = join(o.dir, `${o.id}.part${index}.html`);
    parts.push(join(o.dir, `${o.id}.part${index}.pdf`));
    written.push(currentHtml, parts[index] as string);
    current = htmlFile(currentHtml);
    // Page numbers are stamped on the joined PDF; a slice's own "n / m" would restart at 1.
    await current.write(documentStart(o.lang, o.title, { pageFooter: false }));
    findingsHere = 0;
    if (inFindings) await current.write(`<section class="findings-cont">\n${continued}`);
  };
  const close = async () => {
    if (!current) return;
    const sink = current;
    current = null;
    if (inFindings) await sink.write('</section>\n');
    await sink.write(documentEnd());
    await sink.close();
    const index = parts.length - 1;
    const html = currentHtml;
    // One print at a time: wait for the previous slice before handing this one over; a printed
    // slice is joined while Chromium prints the next one, and slices are joined in order.
    await printing;
    await joining;
    const pdf = parts[index] as string;
    printing = o.printer.print(html, pdf).then(async () => {
      await rm(html, { force: true });
    });
    const printed = printing;
    joining = joining.then(async () => {
      await printed;
      await o.joiner.add(pdf);
      await rm(pdf, { force: true });
      await o.onJoined?.(++joined);
    });
    // Surfaced by the next await of either chain.
    printing.catch(() => {});
    joining.catch(() => {});
  };
  const sink = async () => {
    if (!current) await open();
    return current as unknown as HtmlSink;
  };

  return {
    async write(html) {
      await (await sink()).write(html);
    },
    async startFindings(html) {
      // The findings start a slice of their own, so the first one is the size of the others.
      await close();
      await open();
      await (current as unknown as HtmlSink).write(html);
      inFindings = true;
    },
    async group(html, cont) {
      // A full slice is closed before the heading, so a heading never ends a slice alone.
      continued = '';
      if (findingsHere >= o.perSlice) {
        await close();
        await open();
      }
      await (await sink()).write(html);
      continued = cont;
    },
    async finding(html) {
      if (findingsHere >= o.perSlice) {
        await close();
        await open();
      }
      await (await sink()).write(html);
      findingsHere++;
    },
    async finish() {
      if (!current && parts.length === 0) await open();
      await close();
      await printing;
      await joining;
      return parts.length;
    },
    async cleanup() {
      await Promise.all(written.map((p) => rm(p, { force: true })));
    },
  };
}
