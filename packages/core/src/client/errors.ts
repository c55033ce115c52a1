import type { FieldErrors } from '../validation/localize-issues.js';

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** What every failed call rejects with: the server's message when it sent one (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

type MaybeAxiosError = {
  message?: unknown;
  code?: unknown;
  response?: { status?: number; data?: unknown };
};

/**
 * Spec §8: the server body's message; else the error's own message; else 'An unknown error
 * occurred'. The HTTP status, the body's code and field errors come along for callers that
 * need them (forms show field errors, the 401 hook signs out).
 */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as MaybeAxiosError;
  const status = typeof e.response?.status === 'number' ? e.response.status : null;
  const body = e.response?.data as { message?: unknown; code?: unknown; errors?: unknown } | undefined;
  const bodyMessage =
    body && typeof body === 'object' && typeof body.message === 'string' ? body.message : '';
  const ownMessage = typeof e.message === 'string' ? e.message : '';
  const message = bodyMessage || ownMessage || UNKNOWN_ERROR_MESSAGE;
  const code =
    body && typeof body === 'object' && typeof body.code === 'string'
      ? body.code
      : typeof e.code === 'string'
        ? e.code
        : 'unknown';
  const errors =
    body && typeof body === 'object' && body.errors && typeof body.errors === 'object'
      ? (body.errors as FieldErrors)
      : undefined;
  return new ApiError(message, status, code, errors);
}
