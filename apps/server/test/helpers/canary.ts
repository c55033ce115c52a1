/**
 * A canary on loopback for the scan scope tests: a TCP server on every loopback address of one
 * port (dual-stack `::`, so 127.0.0.1, 127.x.y.z and [::1] all land here) that counts who
 * connects and answers anything with an HTTP page holding a secret. Any connection means the
 * built-in worker reached an address it must not. The same port on UDP counts datagrams too (a
 * browser's WebRTC sends STUN over UDP).
 */
import dgram from 'node:dgram';
import net from 'node:net';

export interface Canary {
  port: number;
  /** Connections and datagrams so far (any protocol). */
  hits(): number;
  close(): Promise<void>;
}

export const CANARY_SECRET = 'canary-secret-7f3a';

export async function startCanary(): Promise<Canary> {
  let hits = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    hits++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => {
      socket.end(
        `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${CANARY_SECRET.length}\r\nconnection: close\r\n\r\n${CANARY_SECRET}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  const port = (server.address() as net.AddressInfo).port;
  const udp = dgram.createSocket({ type: 'udp6', ipv6Only: false });
  udp.on('message', () => hits++);
  udp.on('error', () => {});
  await new Promise<void>((resolve) => udp.bind(port, '::', resolve));
  return {
    port,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        udp.close();
        server.close(() => resolve());
      }),
  };
}
