/** Runs one planted service on ip:port: a web preset (HTTP or HTTPS) or a raw TCP behaviour. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { HOSTILE_HTTP_PRESETS, HTTP_PRESETS, TCP_PRESETS } from './presets.js';
import type { ServiceSpec } from './types.js';

export interface RunningService {
  ip: string;
  port: number;
  close(): Promise<void>;
}

export interface TlsMaterial {
  key: string;
  cert: string;
}

/** Track sockets so close() also ends hanging and streaming connections at once. */
function trackSockets(server: net.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  return sockets;
}

function listen(server: net.Server, ip: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: ip, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function rawHandler(kind: ServiceSpec['kind'], host: string): (socket: net.Socket) => void {
  switch (kind) {
    case 'smtp':
      return (socket) => {
        socket.write(`220 ${host} ESMTP Postfix (Debian/GNU)\r\n`);
        socket.on('data', (data) => {
          if (/^QUIT/i.test(data.toString())) socket.end('221 2.0.0 Bye\r\n');
          else socket.write('502 5.5.2 Error: command not recognized\r\n');
        });
      };
    case 'hang':
      // Accept and never say anything: the prober must give up on its own clock.
      return (socket) => {
        socket.on('data', () => {});
      };
    case 'garbage':
      return (socket) => {
        socket.on('data', () => {});
        socket.write(randomBytes(2048));
        socket.end(Buffer.from('\x00\xff garbage \r\n\r\n not http at all \x07'));
      };
    case 'broken-tls':
      // Looks like a TLS record header, then nonsense: a handshake can never complete.
      return (socket) => {
        socket.once('data', () => {
          socket.write(Buffer.from([0x16, 0x03, 0x03, 0x00, 0x40]));
          socket.end(randomBytes(64));
        });
      };
    default:
      throw new Error(`Not a raw TCP service kind: ${kind}`);
  }
}

/** Start the service; rejects when the address is taken. */
export async function startService(
  ip: string,
  spec: ServiceSpec,
  hostName: string,
  tls: TlsMaterial,
): Promise<RunningService> {
  let server: net.Server;
  if (TCP_PRESETS[spec.kind]) {
    server = net.createServer(rawHandler(spec.kind, hostName));
  } else {
    const preset = HTTP_PRESETS[spec.kind] ?? HOSTILE_HTTP_PRESETS[spec.kind];
    if (!preset) throw new Error(`Unknown service kind: ${spec.kind}`);
    const handler: http.RequestListener = (req, res) => {
      const host = (req.headers.host ?? hostName).replace(/:\d+$/, '');
      preset.handler(req, res, host);
    };
    server = spec.tls
      ? https.createServer({ key: tls.key, cert: tls.cert }, handler)
      : http.createServer(handler);
    // Keep-alive would let an idle probe connection hold close() up.
    (server as http.Server).keepAliveTimeout = 1000;
  }
  const sockets = trackSockets(server);
  server.on('error', () => {});
  await listen(server, ip, spec.port);
  return {
    ip,
    port: spec.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
