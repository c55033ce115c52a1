import { readFileSync } from 'node:fs';
import {
  type CompiledTemplate,
  FUZZ_INPUT_FORMATS,
  type FuzzInput,
  FuzzInputError,
  type FuzzInputFormat,
  isFuzzingTemplate,
  parseFuzzInputs,
} from '@didban/engine';
import { CliError, usageError } from '../errors.js';
import { type InputStream, readAll } from '../io.js';

export interface DastFlags {
  /** `--dast` (nuclei's `-dast`): only fuzzing templates, the dast gate opened. */
  dast?: boolean;
  /** `-im/--input-mode`: how `-l` files are read (nuclei's names). Default `list`. */
  inputMode?: string;
  target?: string[];
  list?: string[];
}

/** `-im`'s value, checked; `list` when absent. */
export function inputMode(flags: DastFlags): FuzzInputFormat {
  const mode = (flags.inputMode ?? 'list').toLowerCase();
  if (!(FUZZ_INPUT_FORMATS as readonly string[]).includes(mode))
    throw usageError('usage.bad_input_mode', {
      value: flags.inputMode,
      allowed: FUZZ_INPUT_FORMATS.join(', '),
    });
  return mode as FuzzInputFormat;
}

/**
 * The requests of `-l FILE` in a request format (`-im burp|openapi|swagger|jsonl|yaml`): each file
 * read and parsed before anything is sent; an unreadable or malformed file is one line and exit 3.
 * The inputs' URLs are the run's targets (reachability, and templates without fuzzing rules).
 * An OpenAPI document without an absolute server URL takes the first `-u` target as its base.
 */
export async function readDastInputs(
  flags: DastFlags,
  format: FuzzInputFormat,
  stdin: InputStream,
): Promise<{ fuzzInputs: FuzzInput[]; targets: string[] }> {
  const files = flags.list ?? [];
  if (files.length === 0) throw usageError('usage.input_mode_needs_list', { mode: format });
  const baseUrl = flags.target?.flatMap((t) => t.split(',')).find((t) => /^https?:\/\//i.test(t.trim()));
  const fuzzInputs: FuzzInput[] = [];
  for (const file of files) {
    const text = file === '-' ? await readAll(stdin) : readInputFile(file);
    try {
      fuzzInputs.push(...parseFuzzInputs(text, format, baseUrl ? { baseUrl: baseUrl.trim() } : {}));
    } catch (error) {
      if (error instanceof FuzzInputError)
        throw new CliError('error.bad_input_file', { file, mode: format, reason: error.message });
      throw error;
    }
  }
  if (fuzzInputs.length === 0)
    throw new CliError('error.no_inputs', { file: files.join(', '), mode: format });
  return { fuzzInputs, targets: [...new Set(fuzzInputs.map((i) => i.url))] };
}

function readInputFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file or folder'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'a folder, not a file'
            : String(code);
    throw new CliError('error.read_file', { file, reason });
  }
}

/** `--dast` (nuclei's `-dast`): of the selected templates, only those with fuzzing rules run. */
export function onlyFuzzing<T extends CompiledTemplate>(templates: T[], flags: DastFlags): T[] {
  if (!flags.dast || templates.length === 0) return templates;
  const fuzzing = templates.filter(isFuzzingTemplate);
  if (fuzzing.length === 0) throw usageError('usage.no_fuzzing_templates', { count: templates.length });
  return fuzzing;
}
