import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParsedTemplate, YamlMap } from '@didban/core/templates';
import { type TrustedKey, verifyTemplate } from '../trust/signature.js';

/**
 * The loader's `code:` hook. Nuclei loads a code template only when its `# digest:` line verifies
 * with a trusted key (ProjectDiscovery's, or the operator's): unsigned, altered and foreign-signed
 * ones are refused with that reason. A verified one is still refused for now, saying so: the
 * block runner (protocols/code/run-code.ts) is not yet called by template scans.
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
  return {
    feature: 'code',
    reason: `signed by ${verdict.signer}; template scans do not run code blocks yet`,
  };
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
