import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnerabilities } from '../src/db/schema.js';
import { templateInfo } from '../src/scans/template-info.js';
import { buildReport } from './helpers/report-build.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// Issue 33, the printed findings grouped by template: a template's name, description, remediation
// and references once, then each of its findings as a compact entry, most severe template first,
// then by template id, then by host; the PDF caps a finding's evidence (12 lines, 600 characters)
// and says so in the report's language, the HTML keeps it whole. A template's findings that run
// over a slice boundary repeat its heading marked "(continued)".
let server: TestServer;
let workspaceId: string;
let userId: string;
const TEMPLATES = [
  { id: 'phpinfo-page', name: 'phpinfo() page exposed', severity: 'low', rank: 2 },
  { id: 'spring-actuator-env', name: 'Spring Boot actuator /env exposed', severity: 'high', rank: 4 },
  { id: 'git-config-exposure', name: 'Git repository configuration exposed', severity: 'medium', rank: 3 },
];
/** The report's order: high, medium, low. */
const ORDERED = [...TEMPLATES].sort((a, b) => b.rank - a.rank);
const HOSTS = 10;
/** One finding's response: 100 short lines, so only the line cap shortens it. */
const LONG = Array.from({ length: 100 }, (_, i) => `ev-${String(i + 1).padStart(3, '0')}`).join('\n');
const descriptions: Record<string, string> = {};
const out = mkdtempSync(join(tmpdir(), 'didban-reports-grouped-'));

beforeAll(async () => {
  server = await createTestServer();
  const owner = await registerUser(server);
  userId = owner.user.id;
  workspaceId = await personalWorkspaceId(server, owner.user.id);
  const rows = [];
  // Hosts written in reverse, so the report's host order is its own, not the insertion's.
  for (let h = HOSTS - 1; h >= 0; h--)
    for (const t of TEMPLATES) {
      const host = `h${String(h).padStart(2, '0')}.grouped.test`;
      const long = t.id === 'git-config-exposure' && h === 3;
      rows.push({
        workspace_id: workspaceId,
        dedupe_key: `${t.id}|${host}`,
        template_id: t.id,
        template_name: t.name,
        severity: t.severity,
        severity_rank: t.rank,
        protocol: 'http',
        host,
        port: 80,
        matched_at: `http://${host}/${t.id}/${h}`,
        request: `GET /${t.id}/${h} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
        response: long ? LONG : `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nbody of ${host}`,
      });
    }
  await server.db.insert(vulnerabilities).values(rows);
  for (const t of TEMPLATES)
    descriptions[t.id] = (await templateInfo(server.db, workspaceId, t.id)).description!.slice(0, 30);
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const build = async (format: 'pdf' | 'html', lang: 'fa' | 'en', perSlice: number) =>
  (await buildReport(server, workspaceId, userId, { format, lang, perSlice })).file;
const pdftotext = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
const count = (text: string, what: string) => text.split(what).length - 1;

describe('findings grouped by template', () => {
  it('prints each template once above its findings, in order, and caps long evidence in the PDF (en)', async () => {
    const text = pdftotext(await build('pdf', 'en', 8));
    for (const t of TEMPLATES) {
      // The template's own texts once (the summary's top risks name it, but never describe it).
      expect(count(text, descriptions[t.id]!)).toBe(1);
      expect(text).toContain(t.name);
    }
    expect(count(text, 'Description')).toBe(3);
    expect(count(text, 'Remediation')).toBe(3);
    // 30 findings in slices of 8: the groups that run over a slice's end are headed again (name,
    // severity, id and count, not the texts).
    const continued = count(text, '(continued)');
    expect(continued).toBeGreaterThanOrEqual(2);
    expect(count(text, 'Occurrences: 10')).toBe(3 + continued);
    // Order: the high template's findings, then the medium's, then the low's; hosts ascending.
    const seen = [...text.matchAll(/http:\/\/(h\d\d)\.grouped\.test\/([a-z-]+)\/\d+/g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );
    expect(seen).toEqual(
      ORDERED.flatMap((t) =>
        Array.from({ length: HOSTS }, (_, h) => `${t.id} h${String(h).padStart(2, '0')}`),
      ),
    );
    // The 100-line response prints its first 12 lines, then the note; the others are whole.
    expect(text).toContain('ev-012');
    expect(text).not.toContain('ev-013');
    expect(text).not.toContain('ev-100');
    expect(count(text, 'Evidence shortened for print')).toBe(1);
    expect(text).toContain('body of h09.grouped.test');
  }, 180_000);

  it('says the evidence is shortened in Persian, and the template headings are continued «(ادامه)»', async () => {
    const file = await build('pdf', 'fa', 8);
    const text = pdftotext(file);
    expect(text).toContain('شواهد برای چاپ کوتاه شده است');
    expect(text).toContain('ادامه');
    expect(count(text, 'ev-012')).toBe(1);
    expect(text).not.toContain('ev-013');
    // Each template's heading texts once: «شرح» (description) three times.
    expect(count(text, 'شرح')).toBe(3);
    // A findings page, to look at (right to left, the template heading and its entries).
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '4', '-l', '5', file, join(out, 'fa-page')]);
    console.log(`findings pages rendered in ${out}`);
  }, 180_000);

  it('keeps the whole evidence in the HTML report, grouped the same way', async () => {
    const html = readFileSync(await build('html', 'en', 8), 'utf8');
    for (const t of TEMPLATES) expect(count(html, descriptions[t.id]!)).toBe(1);
    expect(count(html, '<article class="finding"')).toBe(30);
    expect(count(html, '<div class="tpl"')).toBe(3);
    expect(html).toContain('ev-100');
    expect(html).not.toContain('Evidence shortened');
  }, 120_000);
});
