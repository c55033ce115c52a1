import { ApiError } from '@didban/core';
import { ZodError } from 'zod';
import { CliError, EXIT, type ExitCode } from './errors.js';
import type { Translate } from './i18n/translate.js';
import { plainTlsError } from './output/plain-error.js';

export type ErrorContext = { t: Translate; server?: string; hadToken?: boolean; workspace?: string };

/** Network failures axios reports without an HTTP answer, in words a user can act on. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  ECONNABORTED: 'timed out',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ERR_NETWORK: 'network error',
};

/**
 * Every error becomes exactly one line and an exit code. Users' problems get an actionable
 * message; anything unforeseen is a bug, reported as such (the stack only with --verbose).
 */
export function describeError(error: unknown, ctx: ErrorContext): { line: string; exitCode: ExitCode } {
  const { t } = ctx;
  if (error instanceof CliError) return { line: t(error.key, error.params), exitCode: error.exitCode };
  if (error instanceof ApiError) {
    if (error.status === null) {
      // TLS and socket errors can carry a newline (`write EPROTO …\n…`): always one line.
      const reason = NETWORK_REASONS[error.code] ?? plainTlsError(error.message);
      return { line: t('error.unreachable', { url: ctx.server, reason }), exitCode: EXIT.cannot };
    }
    if (error.status === 401 && error.code !== 'invalid_credentials') {
      const key = ctx.hadToken ? 'error.session_expired' : 'error.not_signed_in';
      return { line: t(key), exitCode: EXIT.cannot };
    }
    if (error.code === 'workspace_forbidden' || error.code === 'workspace_invalid') {
      return { line: t('error.workspace_gone', { id: ctx.workspace ?? '' }), exitCode: EXIT.cannot };
    }
    // axios' own codes (ERR_BAD_REQUEST…) mean the answer had no Didban error body.
    if (error.code.startsWith('ERR_')) {
      return {
        line: t('error.not_didban', { url: ctx.server, detail: `HTTP ${error.status}` }),
        exitCode: EXIT.cannot,
      };
    }
    return { line: oneLine(withFieldErrors(error)), exitCode: EXIT.cannot };
  }
  if (error instanceof ZodError) {
    return {
      line: t('error.not_didban', { url: ctx.server, detail: 'unexpected response shape' }),
      exitCode: EXIT.cannot,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { line: t('error.unexpected', { detail: plainTlsError(detail) }), exitCode: EXIT.cannot };
}

/**
 * The server's summary ("Some fields are not valid.") says nothing a user can fix; its field
 * errors do: `Some fields are not valid. roots: Enter at least one root domain.`
 */
function withFieldErrors(error: ApiError): string {
  const fields = Object.entries(error.errors ?? {}).filter(([, messages]) => messages.length > 0);
  if (fields.length === 0) return error.message;
  return `${error.message} ${fields.map(([field, messages]) => `${field}: ${messages.join(' ')}`).join(' ')}`;
}

export const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
