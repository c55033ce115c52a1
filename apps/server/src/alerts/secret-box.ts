/**
 * Channel secrets at rest: AES-256-GCM (node:crypto) under a key derived from the server secret
 * with HKDF, so the database alone reveals no webhook URL or token. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The API shows `maskSecret` instead.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SecretBox = {
  seal(value: Record<string, string>): string;
  open(sealed: string): Record<string, string>;
};

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'didban', 'alert channel secrets v1', 32));
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable channel secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as Record<string, string>;
    },
  };
}

/**
 * Enough of a secret to recognise it, never enough to use it: a URL keeps its origin and the last
 * four characters; anything else only its last four.
 * @example maskSecret('https://hooks.slack.com/services/T0/B0/abcd1234') // 'https://hooks.slack.com/…1234'
 */
export function maskSecret(value: string): string {
  const tail = value.length > 12 ? value.slice(-4) : '';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}/…${tail}`;
    return `${url.protocol}//…${tail}`;
  } catch {
    return `…${tail}`;
  }
}
