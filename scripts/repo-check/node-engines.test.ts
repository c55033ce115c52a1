import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// We promise Node 20.19+ (package.json "engines"). A locked package that asks for a newer Node
// makes `pnpm install` warn on every machine that keeps that promise (issue 34: cookie@2.0.2
// "wanted node >=22"). This reads every locked package's engines.node and checks its lowest
// accepted version.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OURS = [20, 19, 0];

const version = (text: string) => {
  const [a = 0, b = 0, c = 0] = text.split('.').map((p) => Number.parseInt(p, 10) || 0);
  return [a, b, c];
};
const atMost = (v: number[], limit: number[]) => {
  for (let i = 0; i < 3; i++) if (v[i] !== limit[i]) return v[i]! < limit[i]!;
  return true;
};

/**
 * Whether some alternative of a range takes Node 20.19: `>=A` with A at most ours, `^A` or a bare
 * `20`/`20.x` on major 20 (and not above ours).
 */
function acceptsOurNode(range: string): boolean {
  return range.split('||').some((alternative) => {
    const first = alternative.trim().match(/^(>=|\^|~)?\s*v?(\d+(?:\.(?:\d+|x|\*))*)/);
    if (!first) return true;
    const lower = version(first[2]!.replace(/[x*]/g, '0'));
    if (first[1] === '>=') return atMost(lower, OURS);
    return lower[0] === OURS[0] && atMost(lower, OURS);
  });
}

describe('locked packages run on our Node', () => {
  it('reads ranges as npm does for the cases we meet', () => {
    expect(acceptsOurNode('>=22')).toBe(false);
    expect(acceptsOurNode('>= 20')).toBe(true);
    expect(acceptsOurNode('^20.19.0 || >=22.12.0')).toBe(true);
    expect(acceptsOurNode('>=20.20')).toBe(false);
    expect(acceptsOurNode('^10 || ^12')).toBe(false);
    expect(acceptsOurNode('18 || 20 || >=22')).toBe(true);
    expect(acceptsOurNode('10.* || >= 12.*')).toBe(true);
  });

  it('has no package in pnpm-lock.yaml that wants a newer Node than 20.19', () => {
    const lock = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
    const engines = [
      ...lock.matchAll(/^ {2}'?([^\s']+)'?:\n(?: {4}.*\n)*? {4}engines: \{node: '?([^'}]+)'?/gm),
    ];
    expect(engines.length).toBeGreaterThan(100);
    const wanting = engines.filter((m) => !acceptsOurNode(m[2]!)).map((m) => `${m[1]} wants node ${m[2]}`);
    expect(wanting).toEqual([]);
  });
});
