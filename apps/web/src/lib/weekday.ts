// 7 January 2024 was a Sunday: day 0 of the server's numbering.
/** A weekday's short name in the reader's locale, e.g. weekdayName(1, 'en-US') → "Mon". */
export const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));
