import { BUNDLED_WORDLIST } from './wordlist.js';

/**
 * Candidate names for active brute force: each label of the wordlist under the domain.
 * Lazy, so a large custom wordlist is never held twice.
 *
 * @example [...bruteForceCandidates('example.com', ['www', 'mail'])] // ['www.example.com', 'mail.example.com']
 */
export function* bruteForceCandidates(
  domain: string,
  wordlist: Iterable<string> = BUNDLED_WORDLIST,
): Generator<string> {
  for (const word of wordlist) {
    const label = word.trim().toLowerCase();
    if (label && !label.startsWith('#')) yield `${label}.${domain}`;
  }
}
