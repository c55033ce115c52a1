/**
 * How a run is split into 'template-run' tasks: slices of templates × slices of targets, so a big
 * scan spreads over several workers while a chunk stays small enough to finish well inside a
 * lease. Targets of different worker groups never share a chunk.
 */

import type { ScanTarget } from './resolve-scan-targets.js';
import type { ScanTemplate } from './resolve-scan-templates.js';

/** Templates per chunk. */
export const TEMPLATES_PER_CHUNK = 50;
/** Target × template pairs per chunk. */
export const PAIRS_PER_CHUNK = 1_000;
/** Even a small run is split this many ways (when it has that many targets), so workers share it. */
export const MIN_CHUNKS = 4;

export type Chunk = { targets: ScanTarget[]; templates: ScanTemplate[]; workerGroupId: string | null };

const slices = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export function planChunks(targets: readonly ScanTarget[], templates: readonly ScanTemplate[]): Chunk[] {
  const templateSlices = slices(templates, TEMPLATES_PER_CHUNK);
  const perSlice = Math.min(templates.length, TEMPLATES_PER_CHUNK);
  const byGroup = new Map<string | null, ScanTarget[]>();
  for (const t of targets) {
    const list = byGroup.get(t.workerGroupId) ?? [];
    list.push(t);
    byGroup.set(t.workerGroupId, list);
  }
  const chunks: Chunk[] = [];
  for (const [workerGroupId, group] of byGroup) {
    const spread = Math.ceil(group.length / Math.min(group.length, MIN_CHUNKS));
    const size = Math.max(1, Math.min(spread, Math.floor(PAIRS_PER_CHUNK / Math.max(1, perSlice))));
    for (const targetSlice of slices(group, size))
      for (const templateSlice of templateSlices)
        chunks.push({ targets: targetSlice, templates: templateSlice, workerGroupId });
  }
  return chunks;
}
