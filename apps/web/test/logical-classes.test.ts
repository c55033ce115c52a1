import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

// Physical sides do not mirror in Persian; ms-/me-/ps-/pe-/start-/end-/text-start… do. A physical
// side under an explicit `rtl:`/`ltr:` variant is chosen per direction on purpose (English data
// isolated with dir="auto" inside a Persian row still lines up with the row: `rtl:text-right`).
const NOT_AFTER = String.raw`(?<![\w-]|(?<![\w-])(?:rtl|ltr):)`;
const PHYSICAL = new RegExp(
  [
    NOT_AFTER + String.raw`-?(?:ml|mr|pl|pr|left|right)-(?:\d|\[|px\b|full\b|auto\b)`,
    NOT_AFTER + String.raw`(?:rounded-[lr]|rounded-[tb][lr]|border-[lr]|scroll-m[lr]|scroll-p[lr])-[\w[]`,
    NOT_AFTER +
      String.raw`(?:text-left|text-right|float-left|float-right|border-[lr]|rounded-[lr]|space-x-\d+)(?![\w-])`,
  ].join('|'),
);

describe('right-to-left layout', () => {
  it('uses only logical Tailwind classes (no left/right)', () => {
    const offenders = files(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(src, file)}:${i + 1}` }))
        .filter(({ line }) => PHYSICAL.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
