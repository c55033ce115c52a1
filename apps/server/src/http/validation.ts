import { findUnstorableText } from '@didban/core';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors.js';

/**
 * Bodies, queries and params are parsed with the core's zod schemas. Issues are kept raw so the
 * error handler can word them in the caller's language. Responses are checked by the type
 * provider's serializer, so the server cannot drift from the contract.
 */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, url }) => (data: unknown) => {
    // Every body, query and params of people's calls, whatever its schema: text PostgreSQL
    // cannot store (NUL, lone surrogates) is a 400 naming the field, never a 500 from the
    // database. Workers' results carry what targets answered (binary evidence included); the
    // server stores those with NUL replaced (db/pg-text.ts), so they are not refused.
    const unstorable = url.startsWith('/api/v1/worker/') ? null : findUnstorableText(data);
    if (unstorable) {
      return {
        error: new RequestValidationError([
          { code: 'custom', path: unstorable, message: 'validation.unstorable_text', input: undefined },
        ]),
      };
    }
    const result = (schema as z.ZodType).safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  });
  app.setSerializerCompiler(serializerCompiler);
}
