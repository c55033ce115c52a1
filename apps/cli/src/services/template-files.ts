import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors.js';

/** Files named on the command line, folders expanded to their `.yaml`/`.yml` files (sorted). */
export function collectTemplateFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (path: string, named: boolean) => {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch (error) {
      throw new CliError('error.read_file', { file: path, reason: reasonOf(error) });
    }
    if (isDir) for (const entry of readdirSync(path).sort()) walk(join(path, entry), false);
    else if (named || /\.ya?ml$/i.test(path)) files.push(path);
  };
  for (const path of paths) walk(path, true);
  return files;
}

export function readTemplateFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError('error.read_file', { file, reason: reasonOf(error) });
  }
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}
