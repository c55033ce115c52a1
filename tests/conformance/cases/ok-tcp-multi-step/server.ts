import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tcp((socket) =>
    socket.on('data', (d) => {
      const s = d.toString();
      if (s.startsWith('FIRST')) socket.write('HELLO');
      else if (s.startsWith('SECOND')) socket.write('WORLD!');
      else if (s.startsWith('THIRD')) socket.write('DONE');
    }),
  );
  return { targets: [address] };
}
