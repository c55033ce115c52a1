import { lstatSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, sep } from 'node:path';
import type { FileBlock } from '../../template-model.js';

/**
 * nuclei's validatePath (pkg/protocols/file/find.go): a listed extension is taken at once; without
 * `all`, any other is left out; then the denylist (extension, name, relative or full path, any
 * parent folder) decides.
 */
export function validatePath(block: FileBlock, root: string, item: string): boolean {
  if (block.extensions.size > 0 || block.allExtensions) {
    if (block.extensions.has(extname(item))) return true;
    if (!block.allExtensions) return false;
  }
  return deniedBy(block, root, item) === undefined;
}

/** The denylist entry that leaves a path out, as nuclei's isInDenyList checks them. */
export function deniedBy(block: FileBlock, root: string, item: string): string | undefined {
  const deny = block.denyList;
  const ext = extname(item);
  if (deny.has(ext)) return ext;
  if (deny.has(item)) return item;
  const name = basename(item);
  const dirWithSlash = item.slice(0, item.length - name.length);
  const relWithName = item.startsWith(root) ? item.slice(root.length) : item;
  const relDir = relWithName.slice(0, relWithName.length - name.length);
  for (const candidate of [name, relDir, relWithName, dirWithSlash])
    if (deny.has(candidate)) return candidate;
  // Every folder on the way: `a`, `a/b` of the relative path, and each part of the full one.
  const relParts = relDir.split(sep);
  for (let i = 0; i < relParts.length; i++) {
    const chunk = relParts.slice(0, i).filter(Boolean).join(sep);
    if (deny.has(chunk)) return chunk;
  }
  const parts = item.split(sep);
  for (let i = 1; i < parts.length; i++) {
    const chunk = parts.slice(0, i).join(sep) || sep;
    if (deny.has(chunk)) return chunk;
  }
  return undefined;
}

/**
 * The files a block reads under one input (nuclei's getInputPaths): the input itself when it is a
 * regular file, else every file under the folder (not with `no-recursive`), in name order, once
 * each. Symbolic links to folders are not followed (a loop stays a loop nowhere).
 */
export function* inputFiles(block: FileBlock, input: string): Generator<string> {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(input);
  } catch (error) {
    throw new Error(`could not find file: ${(error as Error).message}`);
  }
  if (info.isFile()) {
    if (validatePath(block, input, input)) yield input;
    return;
  }
  if (block.noRecursive || !info.isDirectory()) return;
  const walk = function* (dir: string): Generator<string> {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(path);
        if (st.isSymbolicLink()) st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!lstatSync(path).isSymbolicLink()) yield* walk(path);
      } else if (st.isFile() && validatePath(block, input, path)) yield path;
    }
  };
  yield* walk(input);
}
