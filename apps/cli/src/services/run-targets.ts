import { readFileSync } from 'node:fs';
import { parseTarget } from '@didban/engine';
import { CliError, usageError } from '../errors.js';
import { type InputStream, readAll } from '../io.js';

/**
 * The targets of `templates run`, gathered as nuclei does: `--target` repeated or comma-separated,
 * `-l/--list FILE` (one per line), `-` for standard input (as `--target -` or `--list -`), and
 * `--target @FILE` as a list file. Blank lines and `#` comments are skipped; duplicates run once.
 * A target the engine cannot parse is a usage error (exit 2) before any request.
 */
export async function collectTargets(
  flags: { target?: string[]; list?: string[] },
  stdin: InputStream,
): Promise<string[]> {
  let stdinText: string | undefined;
  const fromStdin = async () => {
    if (stdinText === undefined) {
      if (stdin.isTTY) throw usageError('usage.stdin_tty');
      stdinText = await readAll(stdin);
    }
    return lines(stdinText);
  };
  const out: string[] = [];
  for (const value of flags.target ?? []) {
    for (const item of value.split(',').map((v) => v.trim())) {
      if (item === '-') out.push(...(await fromStdin()));
      else if (item.startsWith('@')) out.push(...lines(readList(item.slice(1))));
      else if (item) out.push(item);
    }
  }
  for (const file of flags.list ?? []) {
    out.push(...(file === '-' ? await fromStdin() : lines(readList(file))));
  }
  const unique = [...new Set(out)];
  if (unique.length === 0) throw usageError('usage.no_targets');
  for (const target of unique) {
    try {
      parseTarget(target);
    } catch {
      throw usageError('usage.bad_target', { target });
    }
  }
  return unique;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

function readList(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file or folder' : code === 'EACCES' ? 'permission denied' : String(code);
    throw new CliError('error.read_file', { file, reason });
  }
}
