/**
 * Finds references in tracked files to paths outside the repository, so a clone with nothing
 * beside it builds, runs and tests exactly as our checkouts do (issue 16: a test read
 * `../sibling/…`, which only our build machines had).
 *
 * Two kinds of reference are caught:
 * - relative paths (`../x`, `../../..`) in string literals, imports, markdown links or prose that,
 *   resolved from the file's own folder, land outside the repository root;
 * - absolute paths into a person's or a build machine's folders (`/work/…`, `/home/…`,
 *   `/Users/…`, `/root/…`). System paths (`/usr/bin/chromium`, `/tmp`, `/etc/…`) are allowed:
 *   the README names them as prerequisites.
 *
 * A line that means such a path on purpose (a test feeding `../../etc/passwd` to a traversal
 * guard) carries the marker `outside-repo: intended` in a comment.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export type OutsideReference = { file: string; line: number; text: string; reason: string };

export const INTENDED_MARKER = 'outside-repo: intended';

// `..` at the start of a path token: after a quote, bracket, space or `=`, never inside a word
// (so "wait..." and `a..b` ranges are not paths).
const RELATIVE = /(?<=^|[\s'"`(=[<,:])\.\.(?:\/\.\.)*(?:\/[^\s'"`)\]>,;]*)?(?=$|[\s'"`)\]>,;/])/g;
const PRIVATE_ABSOLUTE = /(?<![\w.:/-])\/(?:work|home|Users|root|mnt)\/[^\s'"`)\]>,;]*/g;

// Files that are data, not references (lockfile integrity hashes, certificates, pictures), and
// this checker with its test, whose examples are such paths.
const SKIP =
  /(^|\/)pnpm-lock\.yaml$|\.(?:png|jpe?g|gif|ico|svg|woff2?|key|crt|pem|wasm)$|^scripts\/repo-check\//;

/** The references to outside `root` in one file's text (`file` relative to `root`). */
export function findOutsideReferences(root: string, file: string, content: string): OutsideReference[] {
  const found: OutsideReference[] = [];
  const lines = content.split('\n');
  const folder = dirname(join(root, file));
  lines.forEach((text, index) => {
    if (text.includes(INTENDED_MARKER)) return;
    for (const match of text.matchAll(RELATIVE)) {
      const target = resolve(folder, match[0]);
      const fromRoot = relative(root, target);
      if (fromRoot.startsWith('..') || isAbsolute(fromRoot))
        found.push({ file, line: index + 1, text: text.trim(), reason: `${match[0]} leaves the repository` });
    }
    for (const match of text.matchAll(PRIVATE_ABSOLUTE))
      found.push({ file, line: index + 1, text: text.trim(), reason: `${match[0]} is a machine's own path` });
  });
  return found;
}

/** Every tracked file's references to outside the repository at `root`. */
export function scanRepository(root: string): OutsideReference[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((f) => f && !SKIP.test(f));
  const found: OutsideReference[] = [];
  for (const file of files) {
    let content: string;
    try {
      content = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree but still in the index
    }
    if (content.includes('\0')) continue; // binary
    found.push(...findOutsideReferences(root, file, content));
  }
  return found;
}
