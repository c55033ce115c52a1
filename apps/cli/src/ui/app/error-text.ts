import type { Translate } from '../../i18n/translate.js';
import { describeError } from '../../report-error.js';

/** Any error as the one line the commands would print (server message, unreachable, expired…). */
export const errorText = (error: unknown, t: Translate, server?: string) =>
  describeError(error, { t, server, hadToken: true }).line;
