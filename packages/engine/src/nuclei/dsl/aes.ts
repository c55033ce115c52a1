import { type CipherGCM, createCipheriv, randomBytes } from 'node:crypto';
import { stringToBytes } from '../util/bytes.js';
import { DslError, type DslValue, toStr } from './values.js';

const cipherName = (key: Buffer, mode: 'cbc' | 'gcm'): string => {
  if (![16, 24, 32].includes(key.length))
    throw new DslError(`aes: invalid key size ${key.length} (16, 24 or 32 bytes)`);
  return `aes-${key.length * 8}-${mode}`;
};

/**
 * `aes_cbc(value, key, iv)`: AES-CBC encryption with PKCS#5 padding, the ciphertext as bytes
 * (templates base64 it; Shiro's rememberMe cookie prepends the IV).
 * @example base64(aes_cbc('text', '0123456789abcdef', 'fedcba9876543210'))
 */
export function aesCbc(args: readonly DslValue[]): string {
  if (args.length !== 3) throw new DslError('aes_cbc needs value, key and iv');
  const [value, key, iv] = args.map((a) => stringToBytes(toStr(a))) as [Buffer, Buffer, Buffer];
  if (iv.length !== 16) throw new DslError(`aes_cbc: the iv must be 16 bytes, not ${iv.length}`);
  const cipher = createCipheriv(cipherName(key, 'cbc'), key, iv);
  return Buffer.concat([cipher.update(value), cipher.final()]).toString('latin1');
}

/**
 * `aes_gcm(key, value)`: AES-GCM with a random 12-byte nonce; nonce, ciphertext and tag as bytes
 * (Go's gcm.Seal(nonce, nonce, value)).
 */
export function aesGcm(args: readonly DslValue[]): string {
  if (args.length !== 2) throw new DslError('aes_gcm needs key and value');
  const [key, value] = args.map((a) => stringToBytes(toStr(a))) as [Buffer, Buffer];
  const nonce = randomBytes(12);
  const cipher = createCipheriv(cipherName(key, 'gcm'), key, nonce) as CipherGCM;
  const sealed = Buffer.concat([cipher.update(value), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('latin1');
}
