import { type Lang, normalizeError, translate, UNKNOWN_ERROR_MESSAGE } from '@didban/core';

const NETWORK_CODES = new Set(['ERR_NETWORK', 'ECONNABORTED', 'ETIMEDOUT', 'ECONNREFUSED']);
// Failures the client itself words (already in the reader's language), e.g. the bulk scan's two
// spec BS-10 messages: shown as they are, not replaced by the situation's fallback.
const CLIENT_WORDED = new Set(['no_scan_id', 'no_history_id']);
// axios's own wording when a response had no body; it is English only, so never shown as is.
const AXIOS_STATUS_MESSAGE = /^Request failed with status code \d+$/;

/**
 * Spec §8 in the reader's language: the server's message (already translated through
 * Accept-Language); a network failure in words; otherwise the situation's fallback, else
 * 'An unknown error occurred'.
 */
export function errorText(error: unknown, lang: Lang, fallback?: string): string {
  const e = normalizeError(error);
  if (e.status === null && NETWORK_CODES.has(e.code)) return translate('errors.network', lang);
  if (e.status === null && CLIENT_WORDED.has(e.code)) return e.message;
  const own =
    e.status !== null && e.message !== UNKNOWN_ERROR_MESSAGE && !AXIOS_STATUS_MESSAGE.test(e.message);
  if (own) return withFieldReasons(e.message, e.errors);
  return fallback ?? translate('errors.unknown', lang);
}

/**
 * "Some fields are not valid." alone tells nothing: the server's per-field reasons follow it, so
 * a form that has no place for a field (or a toast read away from the form) still says why.
 */
function withFieldReasons(message: string, fields: Record<string, string[]> | undefined): string {
  const reasons = [...new Set(Object.values(fields ?? {}).flat())].filter((r) => r && r !== message);
  return reasons.length ? `${message} ${reasons.join(' ')}` : message;
}

/** The server's per-field messages of a refused form (`errors`), if it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  return (error as { errors?: Record<string, string[]> } | null)?.errors;
}
