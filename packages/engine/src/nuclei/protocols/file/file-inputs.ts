import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FileScanOptions } from '../../options.js';
import type { Target } from '../../target.js';
import type { CompiledTemplate } from '../../template-model.js';

/** One path file templates read, or why it is refused. */
export interface FileInput {
  readonly path: string;
  readonly refusal?: string;
}

/** A template with a `file:` block: its inputs are paths, never network targets. */
export function isFileTemplate(t: CompiledTemplate): boolean {
  return t.blocks.some((b) => b.protocol === 'file');
}

/**
 * The paths of a scan's file templates: the file gate's own paths (the CLI's `--file <dir>`), else
 * the scan's targets (nuclei's `-file -u ./repo`). With roots (a worker's `--file-root`), a path
 * whose real location (symbolic links followed) is not under one of them is refused, so a scan
 * cannot read the worker's other files; a path that does not exist is refused as such.
 */
export function fileInputs(options: FileScanOptions, targets: readonly string[]): FileInput[] {
  const given = options.paths && options.paths.length > 0 ? options.paths : targets;
  const roots = (options.roots ?? []).flatMap((r) => {
    try {
      return [realpathSync(resolve(r))];
    } catch {
      return [];
    }
  });
  return [...new Set(given)].map((path) => {
    let real: string;
    try {
      real = realpathSync(resolve(path));
    } catch {
      return { path, refusal: 'no such file or folder' };
    }
    if (
      options.roots &&
      !roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep))
    )
      return {
        path,
        refusal: `outside the folders this runner may read (--file-root ${options.roots.join(', ') || 'none set'})`,
      };
    return { path: real };
  });
}

/** The run's target for one file input: the path as its input (`host` and `matched-at` in findings). */
export function fileTarget(path: string): Target {
  return { input: path, host: path, path: '', query: '' };
}
