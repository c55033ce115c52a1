import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParsedTemplate, YamlMap } from '@didban/core/templates';
import { type TrustedKey, verifyTemplate } from '../trust/signature.js';

/**
 * The loader's `code:` hook. Nuclei loads a code template only when its `# digest:` line verifies
 * with a trusted key (ProjectDiscovery's, or the operator's): unsigned, altered and foreign-signed
 * ones are refused with that reason; a verified one loads (undefined), and whether its code runs
 * is the scan's code gate (run-templates.ts).
 */
export function codeVerdict(
  found: ParsedTemplate,
  content: string,
  keys: readonly TrustedKey[] | undefined,
  path?: string,
): { feature: string; reason: string } | undefined {
  if (found.rejected?.protocol !== 'code' && found.raw.code === undefined) return undefined;
  const imports = importedSources(found.raw.code, path);
  const verdict = verifyTemplate(content, keys ? { keys, imports } : { imports });
  if (!verdict.ok) return { feature: 'code', reason: verdict.reason };
  return undefined;
}

const RUNNABLE = new Set([
  'http',
  'dns',
  'tcp',
  'ssl',
  'workflows',
  'javascript',
  'headless',
  'code',
  'file',
]);

/**
 * Whether a template core's parser marks for its `code:` or `file:` blocks runs in the engine:
 * its blocks are lists and every other protocol is one the engine runs (a verified signature is
 * codeVerdict's to check). Whether it then runs is the scan's gate, said per run, not at load.
 */
export function runsGated(found: ParsedTemplate): boolean {
  const protocol = found.rejected?.protocol;
  if (protocol !== 'code' && protocol !== 'file') return false;
  if (!Array.isArray(found.raw[protocol])) return false;
  return found.protocols.every((p) => RUNNABLE.has(p));
}

/**
 * Files a block's one-line `source:` names (nuclei signs their bytes after the template's), read
 * relative to the template, then as given, as nuclei's file check does.
 */
function importedSources(blocks: unknown, path: string | undefined): Buffer[] {
  const out: Buffer[] = [];
  for (const block of Array.isArray(blocks) ? (blocks as YamlMap[]) : []) {
    const source = typeof block?.source === 'string' ? block.source : '';
    if (!source || source.includes('\n')) continue;
    for (const candidate of [path ? resolve(dirname(path), source) : undefined, source]) {
      if (!candidate) continue;
      try {
        out.push(readFileSync(candidate));
        break;
      } catch {}
    }
  }
  return out;
}
