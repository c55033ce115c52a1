/**
 * The PDF is the HTML file printed by Chromium (playwright-core, the browser the workers already
 * use for screenshots). The page may load nothing but its own file: every other request is
 * aborted. One browser per print, closed after, so a long-lived server holds no Chromium between
 * reports.
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

export async function printPdf(htmlPath: string, pdfPath: string, executablePath: string, timeoutMs: number) {
  if (!existsSync(executablePath)) throw new ChromiumMissing(executablePath);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const context = await browser.newContext({ offline: true, javaScriptEnabled: false });
    const page = await context.newPage();
    const own = pathToFileURL(htmlPath).href;
    await page.route('**/*', (route) => (route.request().url() === own ? route.continue() : route.abort()));
    await page.goto(own, { waitUntil: 'load', timeout: timeoutMs });
    await page.pdf({
      path: pdfPath,
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      // Page numbers come from the document's own @page margin box: Chromium's header/footer
      // templates are a document rendered per page, which made a 900-page print several times slower.
    });
  } finally {
    await browser.close();
  }
  return countPdfPages(pdfPath);
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
