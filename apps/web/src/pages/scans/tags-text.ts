import { isolate, type Lang } from '@didban/core';
import { formatNumber } from '../../lib/format-date';

/** Tag names a list cell shows before "+N" stands for the rest. */
const SHOWN = 2;

/**
 * A scan's template tags for a one-line cell: the first names, then "+N" for the others (the cell
 * carries them all in its title); in fa the names are isolated and joined with the Persian comma.
 * @example tagsText(['cve', 'wordpress', 'exposure'], 'en') // 'cve, wordpress +1'
 */
export function tagsText(tags: readonly string[], lang: Lang): string {
  if (tags.length === 0) return formatNumber(0, lang);
  const shown = tags.slice(0, SHOWN).map((tag) => (lang === 'fa' ? isolate(tag) : tag));
  const rest = tags.length - shown.length;
  const names = shown.join(lang === 'fa' ? '، ' : ', ');
  return rest > 0 ? `${names} +${formatNumber(rest, lang)}` : names;
}
