/**
 * One shared, frozen empty list for the many empty fields of loaded templates (a matcher's unused
 * `regex`, `binary`, `dsl`…): each fresh `[]` is a 32-byte object held for as long as the template.
 */
export const EMPTY: readonly never[] = Object.freeze([]);

/** `list.map(fn)`, or the shared empty list when there is nothing to map. */
export const mapOrEmpty = <T, U>(list: readonly T[], fn: (item: T, index: number) => U): readonly U[] =>
  list.length === 0 ? EMPTY : list.map(fn);
