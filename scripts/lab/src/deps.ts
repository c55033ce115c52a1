/**
 * The lab is not a workspace package (the globs are packages/*, apps/*, tests/*), so it borrows
 * its two libraries from @didban/engine: `dns-packet` (an engine dependency, reached through the
 * engine's own codec module so there is one copy) and `selfsigned` (an engine devDependency,
 * loaded from the engine's folder). Tests import the lab as plain TypeScript.
 */
import { createRequire } from 'node:module';

export type { Answer, DecodedPacket, Packet } from '../../../packages/engine/src/discovery/dns/packet.js';
export { dnsPacket } from '../../../packages/engine/src/discovery/dns/packet.js';

interface SelfsignedResult {
  private: string;
  cert: string;
  fingerprint: string;
}
interface Selfsigned {
  generate(
    attrs: { name: string; value: string }[],
    options: Record<string, unknown>,
  ): Promise<SelfsignedResult>;
}

const requireFromEngine = createRequire(new URL('../../../packages/engine/package.json', import.meta.url));

/** A self-signed certificate for the given names (EC P-256: fast to make, real TLS). */
export async function makeSelfSignedCert(
  commonName: string,
  altNames: string[],
): Promise<{ key: string; cert: string }> {
  const selfsigned = requireFromEngine('selfsigned') as Selfsigned;
  const result = await selfsigned.generate(
    [
      { name: 'commonName', value: commonName },
      { name: 'organizationName', value: 'Didban Lab' },
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      notAfterDate: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      extensions: [{ name: 'subjectAltName', altNames: altNames.map((value) => ({ type: 2, value })) }],
    },
  );
  return { key: result.private, cert: result.cert };
}
