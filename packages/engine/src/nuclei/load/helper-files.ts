import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Where a template's helper files (payload lists, …) may come from. */
export interface HelperFileContext {
  /** The template's folder. */
  readonly dir?: string;
  /** The templates root (a nuclei-templates checkout), if known. */
  readonly root?: string;
}

const inside = (path: string, folder: string): boolean => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
};
const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/**
 * Resolves a helper file as Nuclei does (generators `validate` + `Options.GetValidAbsPath`): the
 * path as written, then next to the template and in each folder above it, then under the templates
 * root. Nuclei's sandbox (no `-lfa`) only lets a template read files inside the templates root or
 * inside its own folder, so anything else is refused — a template cannot read `/etc/passwd` or
 * `../../secrets`.
 *
 * @example
 * resolveHelperFile('helpers/payloads/x.txt', { dir: '/t/http/cves/2022', root: '/t' }) // '/t/helpers/payloads/x.txt'
 */
export function resolveHelperFile(file: string, ctx: HelperFileContext): string {
  const candidates: string[] = [];
  if (isAbsolute(file)) candidates.push(resolve(file));
  else {
    if (ctx.dir) {
      for (let d = resolve(ctx.dir); ; d = dirname(d)) {
        candidates.push(join(d, file));
        if (ctx.root && !inside(d, ctx.root)) break;
        if (dirname(d) === d) break;
      }
    }
    if (ctx.root) candidates.push(resolve(ctx.root, file));
  }
  if (!ctx.dir && !ctx.root && !isAbsolute(file))
    throw new Error(`payload file ${JSON.stringify(file)} needs the template's folder`);
  let refused: string | undefined;
  for (const candidate of candidates) {
    if (!isFile(candidate)) continue;
    const allowed =
      (ctx.root !== undefined && inside(candidate, resolve(ctx.root))) ||
      (ctx.dir !== undefined && inside(candidate, resolve(ctx.dir)));
    if (allowed) return candidate;
    refused ??= candidate;
  }
  if (refused)
    throw new Error(
      `payload file ${JSON.stringify(file)} refused: ${refused} is outside the template's folder and the templates root`,
    );
  throw new Error(
    `payload file ${JSON.stringify(file)} not found next to the template or under the templates root`,
  );
}
