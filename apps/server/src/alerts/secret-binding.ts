/**
 * A channel's secrets are bound to where it sends. Secrets are answered masked and a PATCH
 * without `secrets` keeps the stored ones, so a change of destination that kept them would let
 * an admin send the owner's tokens (GitHub, Jira, Telegram) or SMTP credentials to a host of
 * their choice. Destinations held in secrets (`url`, `smtp_url`) can only change by giving the
 * secrets anew; those held in settings (`api_url`, an email channel's `recipients`) are compared
 * here, and a change needs the secrets re-entered.
 */
import { HttpError } from '../http/errors.js';

const DESTINATION_SETTINGS = ['api_url', 'recipients'] as const;

/** Recipients compare by address (letter case aside) and language, api_url as written. */
function destinationOf(settings: Record<string, unknown>, key: (typeof DESTINATION_SETTINGS)[number]) {
  const value = settings[key];
  if (key === 'recipients' && Array.isArray(value))
    return JSON.stringify(
      value
        .map((r) =>
          typeof r === 'string' ? [r.toLowerCase(), ''] : [String(r.email).toLowerCase(), r.language],
        )
        .sort(),
    );
  return typeof value === 'string' ? value.replace(/\/+$/, '') : (value ?? null);
}

/** True when the settings name another destination than the stored ones. */
export function destinationChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return DESTINATION_SETTINGS.some((key) => destinationOf(before, key) !== destinationOf(after, key));
}

/**
 * Refuses (400, one error per stored secret, nothing changed) a change of destination that
 * would keep the stored secrets; `givenSecrets` undefined means the PATCH kept them.
 */
export function requireSecretsForNewDestination(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  stored: Record<string, string>,
  givenSecrets: Record<string, unknown> | undefined,
) {
  if (givenSecrets !== undefined) return;
  const kept = Object.keys(stored).filter((k) => stored[k]);
  if (kept.length === 0 || !destinationChanged(before, after)) return;
  throw new HttpError(
    400,
    'validation',
    'errors.validation',
    {},
    Object.fromEntries(kept.map((k) => [`secrets.${k}`, ['alerts.secrets_reenter']])),
  );
}
