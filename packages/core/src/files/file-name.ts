/**
 * Bidirectional controls (embeddings, overrides, isolates, LRM/RLM, the Arabic letter mark):
 * `invoice\u202Efdp.exe` would show as "invoiceexe.pdf".
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** Text with its bidi controls dropped, so what people read is what is there. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * A file name safe to keep and show: no folders, no control characters, no bidi controls (so
 * what people read is the real extension), at most 200 characters. The one rule for every file
 * name a person sees: ticket attachments, uploaded templates, downloads.
 * @example cleanFileName('invoice\u202Efdp.exe') // 'invoicefdp.exe'
 */
export function cleanFileName(name: string | null | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = stripBidiControls(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    base.replace(/[\u0000-\u001f\u007f]/g, ''),
  ).trim();
  return (clean || fallback).slice(0, 200);
}
