import type { CaseSetup, Harness } from '../../harness/harness.js';

/**
 * The first connection reads the request and is reset without an answer, as a server does when
 * its keep-alive timer closes a connection the client has just reused; later ones answer.
 */
export default async function (h: Harness): Promise<CaseSetup> {
  let connections = 0;
  const address = await h.tcp((socket) => {
    const first = ++connections === 1;
    socket.once('data', () => {
      if (first) socket.resetAndDestroy();
      else socket.end('HTTP/1.1 200 OK\r\nContent-Length: 9\r\nConnection: close\r\n\r\nresend-ok');
    });
  });
  return { targets: [`http://${address}`] };
}
