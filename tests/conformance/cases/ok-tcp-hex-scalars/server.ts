import type { CaseSetup, Harness } from '../../harness/harness.js';

/** Answers only the exact bytes "DIST00000001" then "PING" (distcc-style handshake). */
export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tcp((socket) => {
    let got = '';
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (got === 'DIST00000001PING') socket.write('DONE00000001 hex:zz');
    });
  });
  return { targets: [address] };
}
