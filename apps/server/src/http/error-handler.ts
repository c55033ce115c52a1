import { type Lang, localizeIssues, type MessageKey, translate } from '@didban/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from './database-unavailable.js';
import { type ErrorBody, HttpError, RequestValidationError } from './errors.js';

// Fastify's own errors for bad requests, mapped to our codes and messages.
const FASTIFY_ERRORS: Record<string, { status: number; code: string; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', key: 'errors.malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', key: 'errors.malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', key: 'errors.body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    key: 'errors.unsupported_media_type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', key: 'validation.invalid' },
};

function toBody(error: unknown, lang: Lang): { status: number; body: ErrorBody } | null {
  if (error instanceof HttpError) {
    const body: ErrorBody = {
      message: translate(error.messageKey, lang, error.params),
      code: error.code,
    };
    if (error.fieldKeys) {
      body.errors = Object.fromEntries(
        Object.entries(error.fieldKeys).map(([field, keys]) => [field, keys.map((k) => translate(k, lang))]),
      );
    }
    return { status: error.statusCode, body };
  }
  if (error instanceof RequestValidationError) {
    return {
      status: 400,
      body: {
        message: translate('errors.validation', lang),
        code: 'validation',
        errors: localizeIssues(error.issues, lang),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { message: translate(known.key, lang), code: known.code } };
  // JSON.parse failures surface as SyntaxError with a 400 status.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return {
      status: 400,
      body: { message: translate('errors.malformed_json', lang), code: 'malformed_json' },
    };
  }
  return null;
}

/** One place that turns errors into the `{ message, code, errors? }` envelope. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'fa';
    const mapped = toBody(error, lang);
    if (mapped) {
      // A deliberate answer (not configured, a payment provider down) is the operator's to
      // know about, not a bug: a warning with its code, no stack trace.
      if (mapped.status >= 500) {
        const message = error instanceof HttpError ? translate(error.messageKey, 'en', error.params) : '';
        request.log.warn({ code: mapped.body.code, status: mapped.status }, message || mapped.body.message);
      }
      if (error instanceof HttpError) reply.headers(error.headers);
      return reply.status(mapped.status).send(mapped.body);
    }
    // The database is down or restarting: a retry soon may work, so say so instead of 500.
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: translate('errors.database_unavailable', lang), code: 'database_unavailable' });
    }
    const status = (error as Partial<FastifyError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // A client error from a plugin we do not map one by one: keep its status, localize generically.
      return reply
        .status(status)
        .send({ message: translate('validation.invalid', lang), code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate('errors.internal', lang), code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = request.lang ?? 'fa';
    // Client-side routes of the panel (/assets/…, /settings/…) are answered by its index.html.
    const isApi = request.url.startsWith('/api/');
    if (!isApi && request.method === 'GET' && app.hasDecorator('spaFallback')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      message: translate('errors.route_not_found', lang, {
        method: request.method,
        url: request.url.split('?')[0],
      }),
      code: 'route_not_found',
    });
  });
}
