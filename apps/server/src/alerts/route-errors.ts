import { HttpError } from '../http/errors.js';

/** A 400 naming the one field at fault, in the same shape as schema validation errors. */
export const fieldError = (
  field: string,
  key:
    | 'alerts.channel_unknown'
    | 'alerts.group_unknown'
    | 'alerts.destination_refused'
    | 'alerts.destination_own'
    | 'alerts.destination_resolves_refused'
    | 'alerts.secrets_reenter',
) => new HttpError(400, 'validation', 'errors.validation', {}, { [field]: [key] });
