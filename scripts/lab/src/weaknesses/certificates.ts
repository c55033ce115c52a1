/**
 * Certificates for the weak sites' HTTPS side: a lab CA, a clean leaf per host (CA-signed, valid,
 * covering the host name and address) and the flawed variants the TLS weaknesses plant.
 */
import { createRequire } from 'node:module';
import type { TlsFlaw } from './types.js';

interface Generated {
  private: string;
  cert: string;
}
interface Selfsigned {
  generate(attrs: { name: string; value: string }[], options: Record<string, unknown>): Promise<Generated>;
}

const requireFromEngine = createRequire(new URL('../../../../packages/engine/package.json', import.meta.url));
const selfsigned = () => requireFromEngine('selfsigned') as Selfsigned;

export interface KeyPair {
  key: string;
  cert: string;
}

const DAY = 24 * 3600 * 1000;

/**
 * A lab certificate authority. selfsigned signs with the leaf's key type, so RSA leaves get an
 * RSA CA and EC leaves an EC one.
 */
export async function makeLabCa(keyType: 'ec' | 'rsa'): Promise<KeyPair> {
  const ca = await selfsigned().generate(
    [
      { name: 'commonName', value: `Didban Lab CA (${keyType.toUpperCase()})` },
      { name: 'organizationName', value: 'Didban Lab' },
    ],
    {
      ...(keyType === 'rsa' ? { keyType: 'rsa', keySize: 2048 } : { keyType: 'ec', curve: 'P-256' }),
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 365 * DAY),
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  return { key: ca.private, cert: ca.cert };
}

/**
 * A leaf for `host` at `ip`, clean unless `flaw` says otherwise. TLS 1.0/1.1 and the static-RSA
 * cipher need an RSA key (Node's client refuses the legacy signatures an EC key would need there).
 */
export async function makeLeaf(ca: KeyPair, host: string, ip: string, flaw?: TlsFlaw): Promise<KeyPair> {
  const now = Date.now();
  const rsa = needsRsa(flaw);
  const names = flaw === 'mismatched' ? ['other.example.invalid'] : [host];
  const options: Record<string, unknown> = {
    ...(rsa ? { keyType: 'rsa', keySize: 2048 } : { keyType: 'ec', curve: 'P-256' }),
    algorithm: 'sha256',
    notBeforeDate: new Date(flaw === 'expired' ? now - 400 * DAY : now - DAY),
    notAfterDate: new Date(flaw === 'expired' ? now - 30 * DAY : now + 90 * DAY),
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          ...names.map((value) => ({ type: 2, value })),
          ...(flaw === 'mismatched' ? [] : [{ type: 7, ip }]),
        ],
      },
    ],
    ...(flaw === 'self-signed' ? {} : { ca }),
  };
  const leaf = await selfsigned().generate(
    [
      { name: 'commonName', value: names[0] ?? host },
      { name: 'organizationName', value: 'Didban Lab Sites' },
    ],
    options,
  );
  return { key: leaf.private, cert: leaf.cert };
}

/** TLS 1.0/1.1 and static-RSA ciphers need an RSA certificate. */
export function needsRsa(flaw?: TlsFlaw): boolean {
  return flaw === 'tls10' || flaw === 'tls11' || flaw === 'weak-cipher';
}

/** TLS server options (versions and ciphers) for a flaw. */
export function tlsOptionsFor(flaw?: TlsFlaw): Record<string, unknown> {
  switch (flaw) {
    case 'tls10':
      return { minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'AES128-SHA:@SECLEVEL=0' };
    case 'tls11':
      return { minVersion: 'TLSv1.1', maxVersion: 'TLSv1.1', ciphers: 'AES128-SHA:@SECLEVEL=0' };
    case 'weak-cipher':
      return { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: 'AES128-SHA' };
    default:
      return { minVersion: 'TLSv1.2' };
  }
}
