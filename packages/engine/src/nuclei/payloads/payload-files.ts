import { readFileSync } from 'node:fs';
import { toByteString } from '../util/bytes.js';

/**
 * Payload word lists read at first use and shared between templates. Loading the community
 * library used to read and split every list up front and keep a copy per template (one
 * WordPress plugin list alone is 100,561 lines); now loading only checks that each file resolves,
 * a scan reads a list when a block first iterates it, and templates naming the same file share
 * one array. Lists stay cached up to a total of MAX_LINES lines, least recently used out first.
 */
const MAX_LINES = 400_000;
const cache = new Map<string, readonly string[]>();
let cachedLines = 0;

export function payloadFileLines(path: string): readonly string[] {
  const hit = cache.get(path);
  if (hit) {
    cache.delete(path);
    cache.set(path, hit);
    return hit;
  }
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map(toByteString);
  cache.set(path, lines);
  cachedLines += lines.length;
  for (const [oldest, list] of cache) {
    if (cachedLines <= MAX_LINES || oldest === path) break;
    cache.delete(oldest);
    cachedLines -= list.length;
  }
  return lines;
}

type Entry = readonly string[] | { readonly file: string };

/** A block's payload lists: inline lists as they are, file lists read on first access. */
export class PayloadLists implements ReadonlyMap<string, readonly string[]> {
  constructor(private readonly entries_: ReadonlyMap<string, Entry>) {}

  get size(): number {
    return this.entries_.size;
  }
  has(name: string): boolean {
    return this.entries_.has(name);
  }
  get(name: string): readonly string[] | undefined {
    const entry = this.entries_.get(name);
    if (entry === undefined) return undefined;
    return 'file' in entry ? payloadFileLines(entry.file) : (entry as readonly string[]);
  }
  keys(): MapIterator<string> {
    return this.entries_.keys();
  }
  *entries(): MapIterator<[string, readonly string[]]> {
    for (const name of this.entries_.keys()) yield [name, this.get(name)!];
  }
  *values(): MapIterator<readonly string[]> {
    for (const name of this.entries_.keys()) yield this.get(name)!;
  }
  [Symbol.iterator](): MapIterator<[string, readonly string[]]> {
    return this.entries();
  }
  forEach(
    fn: (value: readonly string[], key: string, map: ReadonlyMap<string, readonly string[]>) => void,
  ): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}
