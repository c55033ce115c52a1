/** interactsh's defaults: a 20-character correlation id, then a 13-character nonce. */
export const CORRELATION_ID_LENGTH = 20;
export const NONCE_LENGTH = 13;
export const UNIQUE_ID_LENGTH = CORRELATION_ID_LENGTH + NONCE_LENGTH;

const ALPHANUMERIC = /^[a-z0-9]+$/i;

export interface UniqueIdMatch {
  /** The id, lower-cased (resolvers may randomise the case of a name, 0x20 encoding). */
  readonly uniqueId: string;
  /** The name up to and including the label that held the id, as the request wrote it. */
  readonly fullId: string;
  readonly correlationId: string;
}

/**
 * The unique id in a host name, found as interactsh finds it: each dot-separated label is slid
 * over with a 33-character window and the last alphanumeric window that belongs to a known
 * session wins (`known` keeps random 33-letter words from counting).
 *
 * @example findUniqueId('x.C0ffee….oast.example.com', (cid) => sessions.has(cid))
 */
export function findUniqueId(
  name: string,
  known: (correlationId: string) => boolean,
): UniqueIdMatch | undefined {
  const labels = name.replace(/\.$/, '').split('.');
  let found: UniqueIdMatch | undefined;
  labels.forEach((label, i) => {
    for (let start = 0; start + UNIQUE_ID_LENGTH <= label.length; start++) {
      const chunk = label.slice(start, start + UNIQUE_ID_LENGTH);
      if (!ALPHANUMERIC.test(chunk)) continue;
      const uniqueId = chunk.toLowerCase();
      const correlationId = uniqueId.slice(0, CORRELATION_ID_LENGTH);
      if (!known(correlationId)) continue;
      found = { uniqueId, correlationId, fullId: labels.slice(0, i + 1).join('.') };
    }
  });
  return found;
}

/** What interactsh's HTTP listener reflects in its page: the id label reversed. */
export function reflection(host: string, known: (correlationId: string) => boolean): string {
  const match = findUniqueId(host, known);
  if (!match) return '';
  const label = match.fullId.split('.').at(-1) ?? '';
  return [...label].reverse().join('');
}
