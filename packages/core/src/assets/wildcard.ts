/**
 * A wildcard DNS record (`*.apps.example.com`): discovery found that every name under the zone
 * answers, and keeps one asset for the whole zone instead of one per guessed name. It is a fact
 * about the zone, not an address: a scan never targets it (the names under it are scanned as
 * their own assets), and the panel says so.
 * @example isWildcardHost('*.apps.example.com') // true
 */
export const isWildcardHost = (host: string): boolean => host.startsWith('*.');
