/**
 * Errors that mean "the database cannot be reached right now" (down, restarting, the network to
 * it cut), as node-postgres, PGlite and drizzle wrap them. The API answers these 503 with
 * Retry-After (the pool reconnects by itself once the database is back) rather than 500.
 */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, crash, cannot connect now).
const SQLSTATE = /^(08...|57P0[123])$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export function databaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // AggregateError (a name resolving to several addresses, all refused).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => databaseUnavailable(x))) return true;
  }
  return false;
}
