import type { ParsedTemplate } from '@didban/core/templates';
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
): { feature: string; reason: string } | undefined {
  if (found.rejected?.protocol !== 'code' && found.raw.code === undefined) return undefined;
  const verdict = verifyTemplate(content, keys ? { keys } : {});
  if (!verdict.ok) return { feature: 'code', reason: verdict.reason };
  return {
    feature: 'code',
    reason: `signed by ${verdict.signer}; template scans do not run code blocks yet`,
  };
}
