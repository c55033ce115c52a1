import type { CaseSetup, Harness } from '../../harness/harness.js';

// A legacy server that speaks only TLS 1.0 with an ECDHE suite: OpenSSL's default security
// level refuses this handshake, so the engine must lower it to see (and report) the weakness.
export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tls((socket) => socket.end(), 'self-signed', {
    minVersion: 'TLSv1',
    maxVersion: 'TLSv1',
    ciphers: 'ECDHE-RSA-AES128-SHA:@SECLEVEL=0',
  });
  return { targets: [address] };
}
