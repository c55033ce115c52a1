/** The two interface languages. Persian is the default and is written right to left. */
export const LANGUAGES = ['fa', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'fa';

/** Narrow any string (a stored value, an Accept-Language header) to a supported language. */
export function toLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  // Accept-Language may be a list such as "en-US,en;q=0.9"; the first supported tag wins.
  for (const part of value.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'fa' || tag === 'en') return tag;
  }
  return DEFAULT_LANG;
}

export function isRtl(lang: Lang): boolean {
  return lang === 'fa';
}
