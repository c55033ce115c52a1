import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./support/block-classes.mts', import.meta.url));

describe('compiled blocks', () => {
  // A block built by spreading a common part and adding fields got hidden classes of its own in
  // V8: 40–50 µs a block at load, tens of MB for a corpus, and a class the scanner had not seen at
  // every field read (docs/benchmarks.md, issue 18's sixth pass).
  it('share one hidden class across templates', () => {
    const out = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--conditions=didban-source', '--import', 'tsx', script],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ sameClass: true });
  });
});
