/** Listen on loopback and stop for good: `stop()` also ends the connections a client left open. */
import type { AddressInfo, Server, Socket } from 'node:net';

export interface Listening {
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function listen(server: Server, host = '127.0.0.1', port = 0): Promise<Listening> {
  const open = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    stop: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
