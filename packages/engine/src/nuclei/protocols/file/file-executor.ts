import { open } from 'node:fs/promises';
import type { DslValue } from '../../dsl/values.js';
import { toStr } from '../../dsl/values.js';
import { evaluateOperators, type OperatorFinding } from '../../operators/evaluate-operators.js';
import type { BlockOutcome, TemplateRun } from '../../scan/context.js';
import { emitFindings, storeExtracted } from '../../scan/emit-findings.js';
import { LayeredScope } from '../../scan/layered-scope.js';
import type { FileBlock } from '../../template-model.js';
import { matchBudget } from '../../util/budget.js';
import { archiveEntries, archiveKind } from './archive.js';
import { inputFiles, validatePath } from './file-paths.js';

const CHUNK = 1 << 20;
/** An archive is read whole to list its entries: past this it is reported, not read. */
export const ARCHIVE_READ_LIMIT = 256 * 1024 * 1024;
// nuclei's part names for a file block: the chunk of the file is `raw` (body, all, data too).
const RAW_PARTS = new Set(['', 'body', 'all', 'data', 'raw']);

/**
 * Runs a `file:` block over one input (a file or folder path; the scan checked it against the
 * allowed roots): every file the block's extensions and denylist let through, archive entries
 * too, read up to `max-size`, matched line by line (the whole file at once when a matcher has
 * `condition: and`), as nuclei's file request does. One finding per file and matcher or extractor,
 * `matched-at` the file's path (`archive.zip/entry` inside an archive), with the matched lines.
 */
export async function runFileBlock(run: TemplateRun, block: FileBlock): Promise<BlockOutcome> {
  const input = run.target?.input ?? '';
  let matched = false;
  const names = new Set<string>();
  const fail = (message: string) =>
    run.scan.emit({ type: 'failure', templateId: run.template.id, target: input, protocol: 'file', message });
  let files: Generator<string>;
  try {
    files = inputFiles(block, input);
    for (const path of files) {
      if (run.scan.signal.aborted) break;
      try {
        const outcome = await readFile(run, block, input, path);
        if (outcome.matched) matched = true;
        for (const n of outcome.names) names.add(n);
      } catch (error) {
        fail(`${path}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    fail((error as Error).message);
  }
  return { matched, matchedNames: [...names] };
}

interface FileOutcome {
  matched: boolean;
  names: string[];
}

async function readFile(
  run: TemplateRun,
  block: FileBlock,
  input: string,
  path: string,
): Promise<FileOutcome> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    const kind = archiveKind(head.subarray(0, bytesRead));
    if (!kind) return await matchChunks(run, block, input, path, linesOf(handle, block));
    const { size } = await handle.stat();
    if (size > ARCHIVE_READ_LIMIT)
      throw new Error(`archive of ${size} bytes is larger than ${ARCHIVE_READ_LIMIT} bytes: not read`);
    const bytes = await handle.readFile();
    const total: FileOutcome = { matched: false, names: [] };
    for (const entry of archiveEntries(bytes, kind, block.maxSize)) {
      // A gzip of one file is that file; entries of a zip or tar pass the block's path rules.
      if (entry.name && !validatePath(block, '/', entry.name)) continue;
      const at = entry.name ? `${path}/${entry.name}` : path;
      const one = await matchChunks(run, block, input, at, bufferLines(entry.data, block.wholeFile));
      if (one.matched) total.matched = true;
      total.names.push(...one.names);
    }
    return total;
  } finally {
    await handle.close();
  }
}

/** A file's lines as bufio.ScanLines gives them (no `\n`, no `\r` before it), read up to max-size. */
async function* linesOf(handle: Awaited<ReturnType<typeof open>>, block: FileBlock): AsyncGenerator<string> {
  let position = 0;
  let rest = '';
  const buffer = Buffer.alloc(CHUNK);
  while (position < block.maxSize) {
    const want = Math.min(CHUNK, block.maxSize - position);
    const { bytesRead } = await handle.read(buffer, 0, want, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    rest += buffer.toString('latin1', 0, bytesRead);
    if (block.wholeFile) continue;
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  if (block.wholeFile) {
    if (rest) yield rest;
  } else if (rest) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

async function* bufferLines(data: Buffer, whole: boolean): AsyncGenerator<string> {
  const text = data.toString('latin1');
  if (whole) {
    if (text) yield text;
    return;
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Findings of one file so far, merged by matcher or extractor name as nuclei's result Merge. */
interface Merged {
  readonly finding: { matcherName?: string; extractorName?: string };
  readonly extracted: Set<string>;
  readonly lines: number[];
  readonly text: string[];
}

async function matchChunks(
  run: TemplateRun,
  block: FileBlock,
  input: string,
  matchedAt: string,
  chunks: AsyncIterable<string>,
): Promise<FileOutcome> {
  const { scan } = run;
  const merged = new Map<string, Merged>();
  let matched = false;
  const names = new Set<string>();
  let line = 1;
  for await (const chunk of chunks) {
    if (scan.signal.aborted) break;
    const fields = new Map<string, DslValue>([
      ['path', input],
      ['matched', matchedAt],
      ['raw', chunk],
      ['type', 'file'],
    ]);
    const scope = new LayeredScope(fields, run.state);
    const outcome = evaluateOperators(block.operators, {
      scope,
      part: (p) => {
        const name = (p ?? '').toLowerCase();
        const key = RAW_PARTS.has(name) ? 'raw' : name;
        return scope.has(key) ? toStr(scope.get(key)) : undefined;
      },
      budget: matchBudget(scan.signal, scan.options.matchTimeoutMs),
    });
    if (outcome.matched) matched = true;
    for (const n of outcome.matchedNames) names.add(n);
    storeExtracted(run, outcome.extracted);
    for (const f of outcome.findings) add(merged, f, line, chunk);
    line += 1 + countNewlines(chunk);
  }
  for (const m of merged.values()) {
    emitFindings(
      run,
      'file',
      {
        matched: true,
        matchedNames: [],
        findings: [{ ...m.finding, extracted: [...m.extracted] }],
        extracted: new Map(),
      },
      { matchedAt, response: m.text.join('\n'), lines: m.lines },
    );
  }
  return { matched, names: [...names] };
}

function add(merged: Map<string, Merged>, f: OperatorFinding, line: number, text: string): void {
  const key = `${f.matcherName ?? ''}\u0000${f.extractorName ?? ''}`;
  let m = merged.get(key);
  if (!m) {
    m = {
      finding: {
        ...(f.matcherName ? { matcherName: f.matcherName } : {}),
        ...(f.extractorName ? { extractorName: f.extractorName } : {}),
      },
      extracted: new Set(),
      lines: [],
      text: [],
    };
    merged.set(key, m);
  }
  for (const v of f.extracted) m.extracted.add(v);
  if (m.lines.at(-1) !== line) {
    m.lines.push(line);
    // Evidence: the matched lines, each cut at 1 KB (a minified file is one long line).
    if (m.text.length < 50) m.text.push(text.length > 1024 ? `${text.slice(0, 1024)}...` : text);
  }
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
