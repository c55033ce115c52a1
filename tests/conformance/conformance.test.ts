import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectScan, type Finding, loadTemplates, type ScanOptions } from '@didban/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type CaseSetup, Harness } from './harness/harness.js';
import { CHROMIUM, chromiumPresent, closeHeadlessPool } from './harness/headless-server.js';
import { type JsonServer, jsonServerHandler } from './harness/json-server.js';

/**
 * Each folder under cases/ is one case: template.yaml (or fixtures/template.yaml for YAML that is
 * broken on purpose), a local server (server.ts or server.json)
 * and expected.json. `ok-*` cases expect findings, `ng-*` cases expect none or a recorded error.
 */
interface Expected {
  readonly description: string;
  readonly findings: number;
  /** Each entry must match a distinct finding (subset match). `{{url}}` is the case server's URL. */
  readonly match?: readonly Record<string, unknown>[];
  readonly options?: ScanOptions;
  readonly loadOptions?: {
    readonly attackType?: 'batteringram' | 'pitchfork' | 'clusterbomb';
    /** The templates root, relative to the case folder (`.` = the case folder). */
    readonly templatesRoot?: string;
  };
  /** The template file relative to the case folder, when not `template.yaml`. */
  readonly templatePath?: string;
  /** More templates (relative to the case folder) scanned together with the first one. */
  readonly extraTemplates?: readonly string[];
  readonly load?: {
    readonly invalid?: readonly {
      readonly path?: string;
      readonly line?: number;
      readonly message?: string;
    }[];
    readonly rejected?: readonly { readonly feature: string }[];
  };
  readonly failures?: number;
  readonly failureContains?: string;
  readonly skipped?: readonly { readonly reason: string }[];
  readonly maxDurationMs?: number;
  readonly minDurationMs?: number;
}

const CASES = join(import.meta.dirname, 'cases');
const CASE_DEFAULTS: ScanOptions = { timeoutMs: 2000 };

// `null` in expected.json means "absent" (JSON has no undefined).
const substitute = (value: unknown, vars: Record<string, string>): unknown => {
  if (value === null) return undefined;
  if (typeof value === 'string')
    return value.replace(/\{\{(url|target)\}\}/g, (_, k: string) => vars[k] ?? '');
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  }
  return value;
};

const summary = (findings: readonly Finding[]) =>
  findings.map((f) => ({
    matchedAt: f.matchedAt,
    matcherName: f.matcherName,
    extractorName: f.extractorName,
    extractedResults: f.extractedResults,
  }));

async function startServer(dir: string, harness: Harness): Promise<CaseSetup> {
  const ts = join(dir, 'server.ts');
  if (existsSync(ts)) {
    const module = (await import(pathToFileURL(ts).href)) as { default: (h: Harness) => Promise<CaseSetup> };
    return module.default(harness);
  }
  const json = join(dir, 'server.json');
  if (existsSync(json)) {
    const spec = JSON.parse(readFileSync(json, 'utf8')) as JsonServer;
    const url = await harness.http(jsonServerHandler(spec));
    return { targets: [url + (spec.targetPath ?? '')] };
  }
  return { targets: [] };
}

async function runCase(name: string): Promise<void> {
  const dir = join(CASES, name);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
  const harness = new Harness();
  try {
    const setup = await startServer(dir, harness);
    // Deliberately broken YAML lives under fixtures/, which the repository's linter skips.
    const plain = join(dir, 'template.yaml');
    const path = expected.templatePath
      ? join(dir, expected.templatePath)
      : existsSync(plain)
        ? plain
        : join(dir, 'fixtures', 'template.yaml');
    const root = expected.loadOptions?.templatesRoot;
    const paths = [path, ...(expected.extraTemplates ?? []).map((p) => join(dir, p))];
    const loaded = loadTemplates(
      paths.map((p) => ({ content: readFileSync(p, 'utf8'), path: p })),
      {
        ...expected.loadOptions,
        templatesRoot: root === undefined ? undefined : join(dir, root),
      },
    );

    const invalid = loaded.invalid.flatMap((i) => i.errors);
    if (expected.load?.invalid) {
      for (const want of expected.load.invalid) {
        expect(invalid).toContainEqual(
          expect.objectContaining({
            ...(want.path === undefined ? {} : { path: want.path }),
            ...(want.line === undefined ? {} : { line: want.line }),
            ...(want.message === undefined ? {} : { message: expect.stringContaining(want.message) }),
          }),
        );
      }
    } else expect(invalid).toEqual([]);
    expect(loaded.rejected.map((r) => ({ feature: r.feature }))).toEqual(expected.load?.rejected ?? []);
    for (const r of loaded.rejected) expect(r.reason.length).toBeGreaterThan(10);

    const started = Date.now();
    const result = await collectScan({
      templates: loaded.templates,
      targets: setup.targets,
      ...(setup.fuzzInputs ? { fuzzInputs: setup.fuzzInputs } : {}),
      options: { ...CASE_DEFAULTS, ...expected.options, ...setup.options },
    });
    const duration = Date.now() - started;

    const vars = { url: harness.url, target: setup.targets[0] ?? '' };
    expect(summary(result.findings), `findings of ${name}`).toHaveLength(expected.findings);
    const remaining = [...result.findings];
    for (const want of substitute(expected.match ?? [], vars) as Record<string, unknown>[]) {
      const index = remaining.findIndex((f) => {
        try {
          expect(f).toMatchObject(want);
          return true;
        } catch {
          return false;
        }
      });
      expect(
        index,
        `no finding matches ${JSON.stringify(want)} in ${JSON.stringify(summary(remaining))}`,
      ).toBeGreaterThanOrEqual(0);
      remaining.splice(index, 1);
    }
    if (expected.failures !== undefined)
      expect(result.failures, JSON.stringify(result.failures)).toHaveLength(expected.failures);
    if (expected.failureContains) {
      expect(result.failures.map((f) => f.message).join('\n')).toContain(expected.failureContains);
    }
    for (const want of expected.skipped ?? []) {
      expect(result.skipped.map((s) => s.reason).join('\n')).toContain(want.reason);
    }
    if (!expected.skipped) expect(result.skipped).toEqual([]);
    if (expected.maxDurationMs !== undefined) expect(duration).toBeLessThan(expected.maxDurationMs);
    if (expected.minDurationMs !== undefined) expect(duration).toBeGreaterThanOrEqual(expected.minDurationMs);
    setup.verify?.();
  } finally {
    harness.close();
  }
}

const names = readdirSync(CASES)
  .filter((n) => /^(ok|ng)-/.test(n))
  .sort();

// Headless cases (a server.ts of their own) share one Chromium; without it they are skipped, except
// in CI, where Chromium is installed and a missing one fails them with the path it looked at.
const needsChromium = (name: string) =>
  /^(ok|ng)-headless-/.test(name) && existsSync(join(CASES, name, 'server.ts'));
const skipHeadless = !chromiumPresent() && !process.env.CI;
if (skipHeadless) console.warn(`headless conformance cases skipped: no Chromium at ${CHROMIUM}`);

describe('Nuclei conformance', () => {
  afterAll(closeHeadlessPool);
  it('has at least 60 cases', () => {
    expect(names.length).toBeGreaterThanOrEqual(60);
  });
  for (const name of names) {
    if (!needsChromium(name)) it.concurrent(name, () => runCase(name));
    // A page load or two on a loaded machine, plus Chromium's start for the first one.
    else it.skipIf(skipHeadless).concurrent(name, () => runCase(name), 60_000);
  }
});
