/**
 * The community's own headless template finds the DOM XSS planted in the lab's client-side-rendered
 * site (scripts/lab/src/csr-site.ts), through the locked-down pooled Chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrSite, startCsrSite } from '../../../../../scripts/lab/src/csr-site.js';
import { BrowserPool } from '../../../src/browser/browser-pool.js';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';

// The community template (runZeroInc/nuclei-templates, headless/vulnerabilities/retool/), copied
// into fixtures/ (its digest line dropped): the repository never reads a path outside itself.
const templatePath = join(import.meta.dirname, 'fixtures/retool-dom-xss.yaml');

let site: CsrSite;
let pool: BrowserPool;
beforeAll(async () => {
  site = await startCsrSite();
  pool = new BrowserPool();
});
afterAll(async () => {
  await pool.close();
  await site.stop();
});

describe('lab: client-side-rendered site with a planted DOM XSS', () => {
  it('retool-dom-xss finds the XSS only a browser sees (the prompt fires with its number)', async () => {
    const { templates, rejected, invalid } = loadTemplates([
      { content: readFileSync(templatePath, 'utf8'), path: templatePath },
    ]);
    expect(rejected).toEqual([]);
    expect(invalid).toEqual([]);
    const result = await collectScan({ templates, targets: [site.url], options: { headless: { pool } } });
    expect(result.failures).toEqual([]);
    expect(result.findings).toHaveLength(1);
    const finding = result.findings[0]!;
    expect(finding.templateId).toBe('retool-dom-xss');
    expect(finding.protocol).toBe('headless');
    expect(finding.matchedAt).toContain(`${site.url}/oauth/authorize#`);
    // What the server sent has no XSS in it: only the rendered page does.
    expect(site.hits.get('/oauth/authorize')).toBe(1);
  }, 60_000);

  it('the same template on the clean page of the site finds nothing', async () => {
    const clean = readFileSync(templatePath, 'utf8').replace('/oauth/authorize#', '/#');
    const { templates } = loadTemplates([{ content: clean }]);
    const result = await collectScan({ templates, targets: [site.url], options: { headless: { pool } } });
    expect(result.findings).toEqual([]);
    expect(result.failures).toEqual([]);
  }, 60_000);
});
