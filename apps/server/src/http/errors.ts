import type { FieldErrors, MessageKey } from '@didban/core';
import type { z } from 'zod';

/**
 * The one error type a handler throws for the user's mistakes. The error handler turns it into
 * `{ message, code, errors? }` with the message in the caller's language; anything else that is
 * thrown is a bug, logged and answered 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
    /** Per-field message keys, translated like the message. */
    readonly fieldKeys?: Record<string, MessageKey[]>,
  ) {
    super(messageKey);
  }

  /** Response headers sent with the error (Retry-After of a 429 or 503). */
  headers: Record<string, string> = {};
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }
}

export const notFound = () => new HttpError(404, 'not_found', 'errors.not_found');
export const forbidden = () => new HttpError(403, 'forbidden', 'errors.forbidden');

/** Thrown by the validator compiler; carries zod's issues so they can be localized per request. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('validation');
  }
}

export type ErrorBody = { message: string; code: string; errors?: FieldErrors };
