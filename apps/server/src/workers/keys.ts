import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'dwk_';

/**
 * A new worker API key: 32 random bytes (so a plain SHA-256 is a safe thing to store), the hash
 * to keep, and a short prefix to show beside the worker.
 * @example const { key, hash, prefix } = generateWorkerKey(); // key shown once, hash stored
 */
export function generateWorkerKey(): { key: string; hash: string; prefix: string } {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashWorkerKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) };
}

export function hashWorkerKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
