/**
 * The public template library against the lab: every template finds the weakness planted for it
 * (with its severity) on its own site and nowhere else, and the whole library finds nothing on
 * clean sites — a plain page, a soft-404 site (200 for every path) and a site that answers 404.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lab, startLab } from '../../../../scripts/lab/src/lab.js';
import { ALSO_FOUND, WEAKNESSES } from '../../../../scripts/lab/src/weaknesses/catalog.js';
import type { WeakSiteInfo } from '../../../../scripts/lab/src/weaknesses/weakness-lab.js';
import { type CompiledTemplate, collectScan, loadTemplateFiles, type ScanResult } from '../../src/index.js';

const LIBRARY = fileURLToPath(new URL('../../templates/public', import.meta.url));
const ZONE = 'lab.didban.test';
const CLEAN = {
  plain: `clean-plain.${ZONE}`,
  soft404: `clean-soft-404.${ZONE}`,
  all404: `clean-all-404.${ZONE}`,
};
// No retries and no rate limit keep it quick; the 10 s timeout only matters on a busy CI machine,
// where a TLS handshake once took longer than 3 s.
const FAST = { rateLimit: 0, timeoutMs: 10_000, retries: 0, templateConcurrency: 40, bulkSize: 40 } as const;

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

const isSsl = (t: CompiledTemplate) => t.blocks.some((b) => b.protocol === 'ssl');

/**
 * Runs the HTTP templates on every site's URL, then the ssl ones on every site's 443. One after
 * the other: the lab shares this process's event loop, and 1,600 HTTP requests in flight on a
 * loaded machine would delay the TLS handshakes past their deadline (a test artifact: a real lab
 * or target does not share the scanner's event loop).
 */
async function scanAll(
  templates: readonly CompiledTemplate[],
  sites: readonly WeakSiteInfo[],
): Promise<ScanResult> {
  const web = await collectScan({
    templates: templates.filter((t) => !isSsl(t)),
    targets: sites.map((s) => s.httpUrl),
    options: FAST,
  });
  const tls = await collectScan({
    templates: templates.filter(isSsl),
    targets: sites.map((s) => s.tlsAddress),
    options: FAST,
  });
  return {
    findings: [...web.findings, ...tls.findings],
    failures: [...web.failures, ...tls.failures],
    skipped: [...web.skipped, ...tls.skipped],
  };
}

describe('public template library', () => {
  let lab: Lab;
  let templates: readonly CompiledTemplate[];
  const siteOf = new Map<string, WeakSiteInfo>();
  let clean: WeakSiteInfo[];

  beforeAll(async () => {
    lab = await startLab({ plantDefaults: false });
    templates = loadTemplateFiles([LIBRARY]).templates;
    clean = [
      await lab.weaknesses.addSite(CLEAN.plain, 'plain'),
      await lab.weaknesses.addSite(CLEAN.soft404, 'soft-404'),
      await lab.weaknesses.addSite(CLEAN.all404, 'all-404'),
    ];
    for (const id of Object.keys(WEAKNESSES)) siteOf.set(id, await lab.weaknesses.plant(`${id}.${ZONE}`, id));
  }, 60_000);

  afterAll(async () => {
    await lab?.stop();
  });

  it('loads every file, and every template has exactly one weakness to plant', () => {
    const files = yamlFiles(LIBRARY);
    const result = loadTemplateFiles([LIBRARY]);
    expect(result.invalid).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.templates).toHaveLength(files.length);
    expect(files.length).toBeGreaterThanOrEqual(80);
    expect(result.templates.map((t) => t.id).sort()).toEqual(Object.keys(WEAKNESSES).sort());
    for (const template of result.templates) {
      expect(template.path?.endsWith(`/${template.id}.yaml`), template.id).toBe(true);
      expect(template.info.author, template.id).toEqual(['didban']);
      expect(template.info.tags[0], template.id).toBe('didban');
      expect(template.info.description?.length ?? 0, template.id).toBeGreaterThan(40);
      expect(template.info.remediation?.length ?? 0, template.id).toBeGreaterThan(15);
      expect(readFileSync(template.path!, 'utf8')).toMatch(/^id: [a-z0-9-]+\n\ninfo:\n {2}name: /);
    }
  });

  it('finds each planted weakness on its own site only, with its severity, and nothing on clean sites', async () => {
    const started = Date.now();
    const sites = [...clean, ...siteOf.values()];
    const result = await scanAll(templates, sites);
    const seconds = (Date.now() - started) / 1000;

    // HTTP never fails against these sites; ssl probes fail only where versions cannot be agreed.
    expect(result.failures.filter((f) => f.protocol !== 'ssl')).toEqual([]);
    for (const f of result.failures)
      expect(f.templateId, f.message).toMatch(/^deprecated-tls1[01]|weak-cipher/);
    expect(result.skipped).toEqual([]);

    const byIp = new Map(sites.map((s) => [s.ip, s.name]));
    const hostOf = (f: ScanResult['findings'][number]) =>
      byIp.get(f.host.replace(/^https?:\/\//, '').replace(/:\d+$/, ''));
    const got = new Map<string, Set<string>>();
    for (const f of result.findings) {
      const key = f.templateId;
      got.set(key, (got.get(key) ?? new Set()).add(hostOf(f) ?? f.host));
    }
    for (const template of templates) {
      const expected = new Set([
        `${template.id}.${ZONE}`,
        ...Object.entries(ALSO_FOUND)
          .filter(([, also]) => also.includes(template.id))
          .map(([planted]) => `${planted}.${ZONE}`),
      ]);
      expect([...(got.get(template.id) ?? [])].sort(), template.id).toEqual([...expected].sort());
      const own = result.findings.filter(
        (f) => f.templateId === template.id && hostOf(f) === `${template.id}.${ZONE}`,
      );
      expect(own, template.id).toHaveLength(1);
      expect(own[0]?.severity, template.id).toBe(template.info.severity);
    }
    for (const site of clean) expect(result.findings.filter((f) => hostOf(f) === site.name)).toEqual([]);
    expect(result.findings).toHaveLength(
      templates.length + Object.values(ALSO_FOUND).reduce((n, also) => n + also.length, 0),
    );
    expect(seconds).toBeLessThan(50);
  }, 60_000);

  it('goes quiet once a weakness is fixed and finds it again when replanted', async () => {
    const ids = [
      'git-config-exposure',
      'cors-reflected-origin-credentials',
      'missing-hsts-header',
      'expired-certificate',
    ];
    const chosen = templates.filter((t) => ids.includes(t.id));
    const sites = ids.map((id) => siteOf.get(id)!);
    expect((await scanAll(chosen, sites)).findings.map((f) => f.templateId).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await lab.weaknesses.fix(`${id}.${ZONE}`, id)).toBe(true);
    expect(await lab.weaknesses.fix(`${ids[0]}.${ZONE}`, ids[0]!)).toBe(false);
    expect((await scanAll(chosen, sites)).findings).toEqual([]);
    for (const id of ids) await lab.weaknesses.plant(`${id}.${ZONE}`, id);
    expect((await scanAll(chosen, sites)).findings.map((f) => f.templateId).sort()).toEqual([...ids].sort());
  }, 30_000);

  it('leaves every site clean once every weakness is fixed', async () => {
    for (const [id, site] of siteOf) expect(await lab.weaknesses.fix(site.name, id), id).toBe(true);
    // Each template against its own (now fixed) site: one small scan each, all at once.
    const results = await Promise.all(
      templates.map((t) => {
        const site = siteOf.get(t.id)!;
        return collectScan({
          templates: [t],
          targets: [isSsl(t) ? site.tlsAddress : site.httpUrl],
          options: FAST,
        });
      }),
    );
    expect(results.flatMap((r) => r.findings).map((f) => f.templateId)).toEqual([]);
    expect(lab.weaknesses.list().filter((s) => s.weaknesses.length > 0)).toEqual([]);
  }, 30_000);

  it('plants and fixes through the control API', async () => {
    const name = `api-planted.${ZONE}`;
    const post = await fetch(`${lab.controlUrl}/weaknesses/sites/${name}/git-head-exposure`, {
      method: 'POST',
    });
    expect(post.status).toBe(201);
    const site = (await post.json()) as WeakSiteInfo;
    expect(site.weaknesses).toEqual(['git-head-exposure']);
    expect(await (await fetch(`${site.httpUrl}/.git/HEAD`)).text()).toBe('ref: refs/heads/main\n');
    const listed = (await (await fetch(`${lab.controlUrl}/weaknesses`)).json()) as {
      catalog: string[];
      sites: WeakSiteInfo[];
    };
    expect(listed.catalog).toHaveLength(Object.keys(WEAKNESSES).length);
    expect(listed.sites.find((s) => s.name === name)?.weaknesses).toEqual(['git-head-exposure']);
    const unknown = await fetch(`${lab.controlUrl}/weaknesses/sites/${name}/no-such-weakness`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    const del = await fetch(`${lab.controlUrl}/weaknesses/sites/${name}/git-head-exposure`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    expect((await fetch(`${site.httpUrl}/.git/HEAD`)).status).toBe(404);
    expect((await fetch(`${lab.controlUrl}/weaknesses/sites/${name}`, { method: 'DELETE' })).status).toBe(
      200,
    );
  });
});
