import { describe, expect, it } from 'vitest';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [String(value)];
  return Object.values(value).flatMap(leaves);
}

describe('translations', () => {
  it('have exactly the ten namespaces of the spec in both languages', () => {
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
    expect(Object.keys(fa).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(NAMESPACES)('has the same keys in fa and en in the %s namespace', (ns) => {
    expect(keys(fa[ns]).sort()).toEqual(keys(en[ns]).sort());
  });

  it('has no empty string in either language', () => {
    expect(leaves(en).filter((s) => s.trim() === '')).toEqual([]);
    expect(leaves(fa).filter((s) => s.trim() === '')).toEqual([]);
  });

  it('uses the same placeholders in fa as in en', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const pairs = keys(en).map((path) => {
      const get = (root: unknown) =>
        path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], root);
      return { path, en: placeholders(String(get(en))), fa: placeholders(String(get(fa))) };
    });
    expect(pairs.filter((p) => p.en.join() !== p.fa.join())).toEqual([]);
  });
});
