/**
 * End to end: crawl the lab shop, turn its endpoints into fuzz inputs and run the community's own
 * fuzzing templates (copied unchanged into fixtures/dast and fixtures/dast-headless) on them. Each
 * planted bug must be found on its parameter, and the escaped and safe pages must stay silent.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DastApp, startDastApp } from '../../../../scripts/lab/src/dast-app.js';
import { BrowserPool } from '../../src/browser/browser-pool.js';
import { crawl } from '../../src/discovery/crawl/crawl.js';
import { endpointToFuzzInput } from '../../src/discovery/crawl/fuzz-input.js';
import { collectScan, loadTemplateFiles } from '../../src/nuclei/index.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/dast');
const HEADLESS_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/dast-headless');
const randomIp = () =>
  `127.${20 + Math.floor(Math.random() * 200)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

let app: DastApp;
let pool: BrowserPool;
beforeAll(async () => {
  app = await startDastApp({ host: randomIp() });
  pool = new BrowserPool();
});
afterAll(async () => {
  await pool?.close();
  await app?.stop();
});

describe('crawl → fuzz inputs → community dast templates', () => {
  it('finds the reflected XSS, the SQL error and the open redirect where they are planted, and nothing else', async () => {
    const { endpoints } = await crawl(`${app.url}/`);
    const fuzzInputs = endpoints.map((e) => endpointToFuzzInput(e));
    const { templates, rejected, invalid } = loadTemplateFiles([FIXTURES]);
    expect([...rejected, ...invalid]).toEqual([]);
    expect(templates.map((t) => t.id).sort()).toEqual(['open-redirect', 'reflected-xss', 'sqli-error-based']);

    const result = await collectScan({ templates, targets: [], fuzzInputs, options: { dast: true } });
    expect(result.failures).toEqual([]);
    const found = result.findings
      .map((f) => [f.templateId, new URL(f.matchedAt).pathname, f.fuzzing?.parameter])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(found).toEqual([
      ['open-redirect', '/go', 'url'],
      ['reflected-xss', '/search', 'q'],
      ['sqli-error-based', '/product', 'id'],
    ]);
    // The escaped page was fuzzed, and stayed silent.
    expect(app.hits.get('/news')).toBeGreaterThan(1);
  }, 60_000);

  it('finds the DOM XSS only a browser sees, and not on the escaped page', async () => {
    const { endpoints } = await crawl(`${app.url}/`);
    // The client-side bug and an escaped page (each browser run costs seconds).
    const fuzzInputs = endpoints
      .filter((e) => e.method === 'GET' && /\/(?:app\/search|news)\?/.test(e.url))
      .map((e) => endpointToFuzzInput(e));
    expect(fuzzInputs.map((i) => new URL(i.url).pathname)).toEqual(['/app/search', '/news']);
    const { templates, rejected, invalid } = loadTemplateFiles([join(HEADLESS_FIXTURES, 'dom-xss.yaml')]);
    expect([...rejected, ...invalid]).toEqual([]);
    const result = await collectScan({
      templates,
      targets: [],
      fuzzInputs,
      options: { dast: true, headless: { pool } },
    });
    expect(result.failures).toEqual([]);
    expect(
      result.findings.map((f) => [f.templateId, new URL(f.matchedAt).pathname, f.fuzzing?.parameter]),
    ).toEqual([['dom-xss', '/app/search', 'q']]);
  }, 180_000);

  // The template's payload `{{concat("{{", "{{first}}*{{second}}", "}}")}}` must be evaluated to
  // `{{1234*5678}}` for the page's template engine to see an expression (sent as written, it was not).
  it('finds the client-side template injection (AngularJS-style {{…}} evaluated in the page)', async () => {
    const { endpoints } = await crawl(`${app.url}/`);
    const fuzzInputs = endpoints
      .filter((e) => e.method === 'GET' && /\/(?:app\/greet|news)\?/.test(e.url))
      .map((e) => endpointToFuzzInput(e));
    const { templates } = loadTemplateFiles([
      join(HEADLESS_FIXTURES, 'angular-client-side-template-injection.yaml'),
    ]);
    const result = await collectScan({
      templates,
      targets: [],
      fuzzInputs,
      options: { dast: true, headless: { pool } },
    });
    expect(result.failures).toEqual([]);
    expect(
      result.findings.map((f) => [f.templateId, new URL(f.matchedAt).pathname, f.fuzzing?.parameter]),
    ).toEqual([['angular-client-side-template-injection', '/app/greet', 'name']]);
  }, 180_000);
});
