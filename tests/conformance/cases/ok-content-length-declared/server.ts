import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const address = await h.tcp((socket) => {
    socket.once('data', () => {
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 50000\r\n\r\ntruncated body');
    });
  });
  return { targets: [`http://${address}`] };
}
