import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// drizzle's migrator applies a journal entry only when its `when` is later than the newest one a
// database has already applied: a migration numbered or timed below one that already landed is
// silently skipped on every existing installation. 0029 was left free when 0030 landed (14 and 18 earlier), and an
// 0029 written later was skipped that way: so numbers never leave a hole, and those stay empty.
const HOLES = [14, 18, 29];
const drizzle = join(import.meta.dirname, '../../apps/server/drizzle');
const journal = JSON.parse(readFileSync(join(drizzle, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('server migrations', () => {
  it('are journaled in the order they were written, each later than the one before', () => {
    const entries = journal.entries;
    for (let i = 1; i < entries.length; i++) {
      const [before, entry] = [entries[i - 1]!, entries[i]!];
      expect(entry.idx, entry.tag).toBeGreaterThan(before.idx);
      expect(entry.when, `${entry.tag} must be later than ${before.tag}`).toBeGreaterThan(before.when);
      expect(entry.tag.slice(0, 4), entry.tag).toBe(String(entry.idx).padStart(4, '0'));
    }
  });

  it('leaves no number free for a later migration to fill', () => {
    const last = journal.entries.at(-1)!.idx;
    const expected = Array.from({ length: last + 1 }, (_, i) => i).filter((i) => !HOLES.includes(i));
    expect(journal.entries.map((e) => e.idx)).toEqual(expected);
  });

  it('has one journal entry for every SQL file', () => {
    const files = readdirSync(drizzle)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => e.tag).sort());
  });
});
