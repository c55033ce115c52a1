/**
 * PostgreSQL text cannot hold NUL; binary evidence (a heap dump, .DS_Store) would make the whole
 * insert fail. NUL is shown as U+FFFD instead, so the finding is kept and readable.
 */
export const pgText = (text: string) => text.replaceAll('\u0000', '\uFFFD');
