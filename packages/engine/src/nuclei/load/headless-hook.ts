import type { YamlMap } from '@didban/core/templates';

/**
 * The loader's headless hook: core's parser marks `headless:` as a protocol the engine rejects;
 * the engine runs it now, so a template whose only rejected protocol is `headless` (blocks given
 * as a list) loads like any other. Whether it then runs is the scan's headless gate
 * (run-templates.ts), so a closed gate says so per run instead of at load.
 */
export function runsHeadless(found: {
  readonly rejected?: { readonly protocol: string };
  readonly protocols: readonly string[];
  readonly raw: YamlMap;
}): boolean {
  if (found.rejected?.protocol !== 'headless' || !Array.isArray(found.raw.headless)) return false;
  const others = found.protocols.filter((p) => p !== 'headless');
  return others.every((p) => RUNNABLE.has(p));
}

const RUNNABLE = new Set(['http', 'dns', 'tcp', 'ssl', 'workflows']);
