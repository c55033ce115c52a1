/**
 * The PDF is the HTML printed by Chromium (playwright-core, the browser the workers already use for
 * screenshots). A report is printed in slices (see generate-report): one browser per report,
 * closed after, so a long-lived server holds no Chromium between reports. One page goes from slice
 * to slice: navigating it to the next slice drops the previous document, so Chromium's memory
 * follows the slice, not the whole document (one 7,670-page print held 7.8 GB), while a fresh
 * context and page per slice cost about 0.8 s each (half of a 200-finding slice's print time).
 * The page is replaced every PAGE_SLICES slices all the same, so whatever a renderer keeps across
 * navigations stays bounded. A page may load nothing but its own file: every other request is
 * aborted.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Thrown when PDF is asked for and there is no Chromium: the report fails with a clear message. */
export class ChromiumMissing extends Error {
  constructor(readonly path: string) {
    super(`Chromium not found at ${path}`);
  }
}

export type PdfPrinter = {
  /** Print one HTML file to one PDF file; resolves with its page count. */
  print(htmlPath: string, pdfPath: string): Promise<number>;
  close(): Promise<void>;
};

/** Slices printed by one page before it is closed and a new one opened. */
const PAGE_SLICES = 25;

export async function openPrinter(executablePath: string, timeoutMs: number): Promise<PdfPrinter> {
  if (!existsSync(executablePath)) throw new ChromiumMissing(executablePath);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let printed = 0;
  let allowed = '';
  const closePage = async () => {
    const open = context;
    context = null;
    page = null;
    await open?.close();
  };
  const ownPage = async (): Promise<Page> => {
    if (page && printed % PAGE_SLICES !== 0) return page;
    await closePage();
    context = await browser.newContext({ offline: true, javaScriptEnabled: false });
    const fresh = await context.newPage();
    // Only the slice being printed may load: its own file URL, nothing else.
    await fresh.route('**/*', (route) =>
      route.request().url() === allowed ? route.continue() : route.abort(),
    );
    page = fresh;
    return fresh;
  };
  return {
    async print(htmlPath, pdfPath) {
      const target = await ownPage();
      try {
        allowed = pathToFileURL(htmlPath).href;
        await target.goto(allowed, { waitUntil: 'load', timeout: timeoutMs });
        await target.pdf({
          path: pdfPath,
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          // Page numbers are stamped when the slices are joined (the total is known only then):
          // Chromium's header/footer templates are a document rendered per page, which made a
          // 900-page print several times slower.
        });
        printed++;
      } catch (error) {
        // A page that failed mid-print is not trusted with the next slice.
        await closePage().catch(() => {});
        printed = 0;
        throw error;
      }
      return (await countPdfPages(pdfPath)) ?? 0;
    },
    async close() {
      await closePage().catch(() => {});
      await browser.close();
    },
  };
}

/** Pages of a PDF Chromium wrote: its page objects, counted while reading the file in chunks. */
export async function countPdfPages(path: string): Promise<number | null> {
  const handle = await open(path, 'r');
  try {
    let pages = 0;
    let carry = '';
    const buf = Buffer.alloc(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, null);
      if (!bytesRead) break;
      const text = carry + buf.toString('latin1', 0, bytesRead);
      pages += text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
      // Keep a tail so a marker split across chunks is counted once (the tail has no whole marker).
      carry = text.slice(-12).replace(/.*\/Type\s*\/Page(?![a-zA-Z])/s, '');
    }
    return pages || null;
  } finally {
    await handle.close();
  }
}
