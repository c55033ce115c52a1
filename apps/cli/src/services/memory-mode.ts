import { setFlagsFromString } from 'node:v8';

let favoured = false;

/**
 * Asks V8 to favour memory over speed for the rest of this process (`--optimize-for-size`: a
 * smaller young generation, earlier mark-compacts). A streamed export allocates one page after
 * another and keeps almost none of it (about 18 MB of live heap through 100k rows), but with
 * V8's defaults its resident set grows to 160–175 MB waiting for collections; with this flag a
 * 100k-row export peaks near 105 MB at the cost of about a fifth of its rows/s (see docs/benchmarks.md,
 * "Terminal client → Asset export"). V8 reads this flag as it runs, so setting it here works
 * for the export alone and short commands keep the faster defaults without a second process.
 */
export function favourMemoryOverSpeed(): void {
  if (favoured) return;
  setFlagsFromString('--optimize-for-size');
  favoured = true;
}
