import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';

/**
 * The key a client registers: base64 of an RSA public key in PEM (SPKI), as interactsh clients
 * send it. Anything else is refused, so a session can only ever be read by its own client.
 */
export function parseClientPublicKey(base64Pem: string): string {
  const pem = Buffer.from(base64Pem, 'base64').toString('utf8');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('key type is not RSA');
  return pem;
}

/** A session's AES-256 key and that key wrapped for the client (RSA-OAEP, SHA-256, no label). */
export function newSessionKey(publicKeyPem: string): { aesKey: Buffer; wrapped: string } {
  const aesKey = randomBytes(32);
  const wrapped = publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  ).toString('base64');
  return { aesKey, wrapped };
}

/**
 * One interaction as interactsh (≥ 1.2.5) stores it: base64(IV ‖ AES-256-CTR(json)), the IV
 * random per item. Encrypted when it arrives, so the disk never holds an interaction in clear.
 */
export function encryptInteraction(aesKey: Buffer, json: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-ctr', aesKey, iv);
  return Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
}
