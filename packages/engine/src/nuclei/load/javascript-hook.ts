import type { ParsedTemplate, YamlMap } from '@didban/core/templates';
import { javascriptRefusal } from '../protocols/javascript/modules/index.js';

const RUNNABLE = new Set(['http', 'dns', 'tcp', 'ssl', 'workflows', 'javascript', 'headless']);

/**
 * The javascript protocol (core refuses it as a protocol of its own): a template whose blocks
 * need only `nuclei/*` modules and functions the sandbox provides runs; otherwise the refusal
 * names the module (`javascript-module-smb`: "nuclei/smb: …").
 */
export function javascriptVerdict(
  found: ParsedTemplate,
): { runs: true } | { runs: false; feature: string; reason: string } | undefined {
  if (found.rejected?.protocol !== 'javascript') return undefined;
  if (found.protocols.some((p) => !RUNNABLE.has(p))) return undefined;
  const blocks = Array.isArray(found.raw.javascript) ? (found.raw.javascript as YamlMap[]) : [];
  const refusal = javascriptRefusal(blocks);
  if (!refusal) return { runs: true };
  const module = /^nuclei\/([\w-]+)/.exec(refusal)?.[1] ?? 'require';
  return { runs: false, feature: `javascript-module-${module}`, reason: refusal };
}
