import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tcp((socket) =>
    socket.on('data', (d) => {
      if (d.toString().includes('PING')) socket.write('PONG');
    }),
  );
  return { targets: [address] };
}
