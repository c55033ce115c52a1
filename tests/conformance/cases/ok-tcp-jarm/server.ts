import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  // A pinned configuration, so the fingerprint does not move with OpenSSL's defaults.
  const address = await h.tls((socket) => socket.on('error', () => {}), 'self-signed', {
    ciphers: 'AES128-SHA:ECDHE-RSA-AES256-SHA',
    minVersion: 'TLSv1',
    maxVersion: 'TLSv1.2',
    ALPNProtocols: ['spdy/3'],
  });
  return { targets: [address] };
}
