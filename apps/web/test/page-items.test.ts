import { describe, expect, it } from 'vitest';
import { pageItems } from '../src/lib/page-items';

describe('pageItems (spec §9 pagination)', () => {
  it('shows every page when there are 6 or fewer', () => {
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('shows one sibling either side and an ellipsis per gap', () => {
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
  });
  it('has no ellipsis next to the first or last page', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });
  it('has nothing for an empty list', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});
