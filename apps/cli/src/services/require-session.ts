import type { Context } from '../context.js';
import { CliError } from '../errors.js';

/** Commands that need a session fail early, without a round trip, when there is none. */
export function requireSession(ctx: Context): void {
  if (!ctx.settings.token) throw new CliError('error.not_signed_in');
}
