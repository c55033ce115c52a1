/**
 * The PDF is the HTML printed by Chromium (playwright-core, the browser the workers already use for
 * screenshots). A report is printed in slices (see generate-report): one browser per report,
 * closed after, so a long-lived server holds no Chromium between reports; one page and context per
 * slice, closed once printed, so Chromium's memory follows the slice, not the whole document
 * (one 7,670-page print held 7.8 GB). A page may load nothing but its own file: every other
 * request is aborted.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

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

export async function openPrinter(executablePath: string, timeoutMs: number): Promise<PdfPrinter> {
  if (!existsSync(executablePath)) throw new ChromiumMissing(executablePath);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  return {
    async print(htmlPath, pdfPath) {
      const context = await browser.newContext({ offline: true, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const own = pathToFileURL(htmlPath).href;
        await page.route('**/*', (route) =>
          route.request().url() === own ? route.continue() : route.abort(),
        );
        await page.goto(own, { waitUntil: 'load', timeout: timeoutMs });
        await page.pdf({
          path: pdfPath,
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          // Page numbers are stamped when the slices are joined (the total is known only then):
          // Chromium's header/footer templates are a document rendered per page, which made a
          // 900-page print several times slower.
        });
      } finally {
        await context.close();
      }
      return (await countPdfPages(pdfPath)) ?? 0;
    },
    close: () => browser.close(),
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
