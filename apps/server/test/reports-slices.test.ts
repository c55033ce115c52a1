import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from './helpers/report-build.js';
import { seedFindings } from './helpers/report-findings.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// Issue 33 at scale: a PDF report is printed in slices (a few findings each here, 200 in the
// server) that are joined into one file and numbered as one. What a reader notices: every
// finding is there once, in order, the Persian text is still text, and the page numbers run
// 1 … N over the whole file with N its real page count.
let server: TestServer;
let workspaceId: string;
let userId: string;
const FINDINGS = 23;

beforeAll(async () => {
  server = await createTestServer();
  const owner = await registerUser(server);
  userId = owner.user.id;
  workspaceId = await personalWorkspaceId(server, owner.user.id);
  await seedFindings(server.db, workspaceId, FINDINGS, { evidenceBytes: 600 });
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const pdftotext = (file: string, args: string[] = []) =>
  execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
/** pdftotext marks right-to-left runs with Unicode embedding controls (U+202A–U+202E). */
const BIDI = /[\u202a-\u202e]/g;
const fa = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

const build = (perSlice: number, lang: 'fa' | 'en' = 'fa') =>
  buildReport(server, workspaceId, userId, { format: 'pdf', lang, perSlice });

describe('a PDF report printed in slices', () => {
  it('joins the slices into one numbered file with every finding once, in order, as text', async () => {
    const { done, progress, file } = await build(4);
    // Front matter + ceil(23 / 4) = 6 slices of findings, joined.
    expect(done.findings).toBe(FINDINGS);
    expect(pageCount(file)).toBe(done.pages);
    expect(done.pages).toBeGreaterThan(7);
    expect(progress.at(-1)).toBe(90);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const text = pdftotext(file);
    // Findings numbered ۱. … ۲۳. in Persian digits, each once and in the report's order across the
    // slices: most severe template first, then template id, then host (pdftotext writes an entry's
    // first line as "<matched URL> .۱۲": the number after the dot, right to left). The seed's
    // finding k is template k mod 5 on host-⌊k/5⌋ and asks for /path/k.
    const entries = [...text.matchAll(/\/path\/(\d+)\?q=a+ \.([۰-۹]+)$/gm)].map((m) => ({
      k: Number(m[1]),
      n: Number(m[2]!.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))),
    }));
    expect(entries.map((e) => e.n)).toEqual(Array.from({ length: FINDINGS }, (_, i) => i + 1));
    const RANK = [
      'spring-actuator-env',
      'git-config-exposure',
      'phpinfo-page',
      'tech-detect',
      'cve-critical-demo',
    ];
    const rank = [4, 3, 2, 1, 5];
    const order = Array.from({ length: FINDINGS }, (_, k) => k).sort(
      (a, b) =>
        rank[b % 5]! - rank[a % 5]! ||
        RANK[a % 5]!.localeCompare(RANK[b % 5]!) ||
        Math.floor(a / 5) - Math.floor(b / 5),
    );
    expect(entries.map((e) => e.k)).toEqual(order);
    // Five templates, each headed once, and again «(ادامه)» where its findings run into the next
    // slice (slices of 4).
    for (const id of RANK) expect(text).toContain(id);
    expect(text).toContain('(ادامه');
    // Each finding's request evidence once (the seed's finding k asks for /path/k).
    for (let k = 0; k < FINDINGS; k++) expect(text.split(`GET /path/${k} HTTP/1.1`).length - 1).toBe(1);
    for (const word of ['گزارش امنیتی', 'مدیریتی', 'یافته‌ها', 'نمودارها']) expect(text).toContain(word);
    expect(text).toContain('۲۳');

    // Page numbers run over the joined file, in Persian digits: "۱۲ / ۳۴" on page 12 of 34, N the
    // real count. pdftotext writes the line as it sits on the page, left to right — the total on
    // the left, the page's own number right of the slash, where a Persian reader starts.
    for (const n of [1, 2, Math.ceil(done.pages! / 2), done.pages!]) {
      const page = pdftotext(file, ['-f', String(n), '-l', String(n), '-layout']).replace(BIDI, '');
      expect(page).toMatch(new RegExp(`(^|\\s)${fa(done.pages!)} / ${fa(n)}(\\s|$)`, 'm'));
      expect(page).not.toMatch(/\d+ \/ \d+/);
    }
    // Only the report is left in its folder: the slices' HTML and PDF files are gone.
    expect(readdirSync(join(file, '..'))).toEqual([file.split('/').at(-1)]);
  }, 180_000);

  it('prints an English report in one slice when it fits, numbered in Latin digits', async () => {
    const { done, file } = await build(200, 'en');
    const text = pdftotext(file);
    for (let k = 0; k < FINDINGS; k++) expect(text.split(`GET /path/${k} HTTP/1.1`).length - 1).toBe(1);
    for (const n of [1, done.pages!]) {
      const page = pdftotext(file, ['-f', String(n), '-l', String(n), '-layout']);
      expect(page).toMatch(new RegExp(`\\b${n} / ${done.pages}\\b`));
      expect(page).not.toMatch(/[۰-۹]/);
    }
  }, 180_000);
});
