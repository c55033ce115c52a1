import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type WorkerHandle } from '@didban/worker';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumerationHistories } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { CHROMIUM_ARGS } from '../src/reports/print-pdf.js';
import { startReportLoop } from '../src/reports/report-loop.js';
import { type Lab, startLab } from './helpers/lab.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createAssetGroup, createWorker, personalWorkspaceId } from './helpers/workers.js';

// Reports (issue 33) of a real lab scan: a worker discovers and scans the lab's weak site, then
// the report loop builds fa and en reports; the PDF is read back by its text (pdftotext) and its
// pages rendered (pdftoppm), the HTML opened by Chromium with the network watched.
let lab: Lab;
let server: TestServer;
const workers: WorkerHandle[] = [];
const SITE = 'weak1.lab.didban.test';
const TEMPLATES = ['public:git-config-exposure', 'public:phpinfo-page', 'public:spring-actuator-env'];
const out = mkdtempSync(join(tmpdir(), 'didban-reports-'));
let owner: Awaited<ReturnType<typeof registerUser>>;
let runId: string;
let groupId: string;

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

beforeAll(async () => {
  lab = await startLab({ plantDefaults: false });
  for (const w of ['git-config-exposure', 'phpinfo-page', 'spring-actuator-env'])
    await lab.weaknesses.plant(SITE, w);
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '6' });
  const serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const key = (await createWorker(server, owner.auth, { name: 'lab-scanner' })).api_key;
  workers.push(
    startWorker({
      serverUrl,
      apiKey: key,
      resolvers: [lab.resolver],
      taskIntervalSeconds: 0.2,
      httpxTimeoutSeconds: 4,
      backoffMinMs: 100,
      backoffMaxMs: 500,
    }),
  );
  const group = await createAssetGroup(server, workspaceId, {
    name: 'Weak site',
    roots: [SITE],
    auto_discovery: false,
    port_setting: 'custom',
    custom_ports: '80,443',
  });
  groupId = group.id;
  const { history } = await startDiscovery(server.db, group.id);
  await until('discovery', async () => {
    const [h] = await server.db
      .select()
      .from(enumerationHistories)
      .where(eq(enumerationHistories.id, history.id));
    return h?.status !== 'running' && h;
  });
  const bulk = await call('POST', 'panel/scans/bulk-create/', owner.auth, {
    name: 'Lab scan',
    asset_groups: [group.id],
    template_ids: TEMPLATES,
  });
  const { scan_id: scanId, scan_history_id: historyId } = bulk.json().data;
  runId = historyId;
  await until('scan', async () => {
    const s = (await call('GET', `panel/scans/${scanId}/histories/${historyId}/status`, owner.auth)).json()
      .data;
    return s.status === 'finished' && s;
  });
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await server?.close();
  await lab?.stop();
}, 60_000);

async function buildReport(body: object) {
  const created = await call('POST', 'panel/reports/', owner.auth, body);
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as string;
  expect(created.json().data.status).toBe('queued');
  const loop = startReportLoop({
    db: server.db,
    config: server.config,
    log: { error() {}, info() {} },
    timer: false,
  });
  await loop.drain();
  await loop.stop();
  const report = (await call('GET', `panel/reports/${id}/`, owner.auth)).json().data;
  return report as {
    id: string;
    status: string;
    progress: number;
    findings: number;
    pages: number | null;
    error: string | null;
  };
}

const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('reports of a lab scan', () => {
  it('prints a Persian technical PDF of the run: titles, Persian headings and digits, right to left', async () => {
    const report = await buildReport({ history_id: runId, format: 'pdf', lang: 'fa', preset: 'technical' });
    expect(report).toMatchObject({ status: 'done', progress: 100, findings: 6, error: null });
    expect(report.pages).toBeGreaterThan(1);
    const file = await call('GET', `panel/reports/${report.id}/download/`, owner.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = join(out, 'fa.pdf');
    writeFileSync(pdf, file.rawPayload);
    const text = pdftotext(pdf);
    // The findings' titles as the templates name them.
    for (const title of [
      'Spring Boot actuator /env exposed',
      'Git repository configuration exposed',
      'phpinfo() page exposed',
    ])
      expect(text).toContain(title);
    // Persian headings, word by word (pdftotext writes a lam-alef ligature as two letters, so
    // words with «لا» are left out).
    for (const word of ['گزارش امنیتی', 'مدیریتی', 'یافته‌ها', 'نمودارها', 'موجودی دارایی‌ها', 'مهم‌ترین خطرها'])
      expect(text).toContain(word);
    // Persian digits: six findings, and the Solar Hijri year (14xx).
    expect(text).toMatch(/[۰-۹]/);
    expect(text).toContain('۶');
    expect(text).toMatch(/۱۴[۰-۹]{2}/);
    expect(text).toContain(SITE);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '3', pdf, join(out, 'fa-page')]);
    console.log(`report pages rendered in ${out}`);
  }, 120_000);

  it('prints an English executive PDF of the group, left to right, without the findings section', async () => {
    const report = await buildReport({ group_id: groupId, format: 'pdf', lang: 'en', preset: 'executive' });
    expect(report.status).toBe('done');
    const file = await call('GET', `panel/reports/${report.id}/download/`, owner.auth);
    const pdf = join(out, 'en.pdf');
    writeFileSync(pdf, file.rawPayload);
    const text = pdftotext(pdf);
    expect(text).toContain('Executive summary');
    expect(text).toContain('Weak site');
    expect(text).toContain('Top risks');
    expect(text).toMatch(/Spring.*Actuator/i);
    expect(text).not.toContain('Matched at');
    expect(text).not.toMatch(/[۰-۹]/);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '2', pdf, join(out, 'en-page')]);
  }, 120_000);

  it('writes one self-contained HTML file that opens offline with no request leaving the page', async () => {
    const report = await buildReport({ history_id: runId, format: 'html', lang: 'fa', preset: 'technical' });
    expect(report.status).toBe('done');
    const file = await call('GET', `panel/reports/${report.id}/download/`, owner.auth);
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = join(out, 'fa.html');
    writeFileSync(html, file.rawPayload);
    const source = readFileSync(html, 'utf8');
    expect(source).toContain('<html lang="fa" dir="rtl">');
    expect(source).toContain('font/woff2;base64');
    expect(source).not.toMatch(/(src|href)=["']?(https?:)?\/\//);

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`file://${html}`);
      expect(requests).toEqual([`file://${html}`]);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // The embedded font is the one used, not a system fallback.
      expect(
        await page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('16px "Vazirmatn Variable"', 'سلام');
        }),
      ).toBe(true);
      // Grouped by template: three templates' headings, each above its two findings.
      expect(await page.locator('div.tpl').count()).toBe(3);
      expect(await page.locator('article.finding').count()).toBe(6);
      expect(await page.locator('article.finding bdi[dir="ltr"]').first().textContent()).toContain(SITE);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('keeps reports to their workspace: another user gets 404, a member deletes it', async () => {
    const report = await buildReport({ history_id: runId, format: 'html', lang: 'en', preset: 'executive' });
    const outsider = await registerUser(server);
    expect((await call('GET', `panel/reports/${report.id}/`, outsider.auth)).statusCode).toBe(404);
    expect((await call('GET', `panel/reports/${report.id}/download/`, outsider.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `panel/reports/${report.id}/`, outsider.auth)).statusCode).toBe(404);
    const listed = (await call('GET', 'panel/reports/', owner.auth)).json().data;
    expect(listed.results.map((r: { id: string }) => r.id)).toContain(report.id);
    expect((await call('GET', 'panel/reports/', outsider.auth)).json().data.result_count).toBe(0);
    expect((await call('DELETE', `panel/reports/${report.id}/`, owner.auth)).statusCode).toBe(200);
    expect((await call('GET', `panel/reports/${report.id}/download/`, owner.auth)).statusCode).toBe(404);
  }, 120_000);
});
