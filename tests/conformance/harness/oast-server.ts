import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

interface Session {
  readonly publicKey: string;
  readonly secret: string;
  readonly aesKey: Buffer;
  readonly queue: string[];
}

/**
 * A minimal self-hosted interactsh-compatible server for tests: /register, /poll, /deregister,
 * and any other request whose Host is `<unique-id>.<domain>` is recorded as an HTTP interaction,
 * encrypted exactly as the real server does (AES-256-CFB, key wrapped with RSA-OAEP SHA-256).
 */
export async function startOastServer(): Promise<{
  serverUrl: string;
  port: number;
  close(): void;
  interactions: number;
}> {
  const sessions = new Map<string, Session>();
  const state = { interactions: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString();
      if (req.method === 'POST' && url.pathname === '/register') {
        const r = JSON.parse(body) as Record<string, string>;
        sessions.set(r['correlation-id']!, {
          publicKey: Buffer.from(r['public-key']!, 'base64').toString(),
          secret: r['secret-key']!,
          aesKey: randomBytes(32),
          queue: [],
        });
        res.end(JSON.stringify({ message: 'registration successful' }));
        return;
      }
      if (url.pathname === '/poll') {
        const session = sessions.get(url.searchParams.get('id') ?? '');
        if (!session || session.secret !== url.searchParams.get('secret')) {
          res.writeHead(401).end('{}');
          return;
        }
        const data = session.queue.splice(0);
        const aesKey = publicEncrypt(
          { key: session.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          session.aesKey,
        ).toString('base64');
        res.end(JSON.stringify({ data, aes_key: aesKey, extra: null }));
        return;
      }
      if (url.pathname === '/deregister') {
        sessions.delete((JSON.parse(body) as Record<string, string>)['correlation-id']!);
        res.end('{}');
        return;
      }
      // An interaction: the Host names the unique id.
      const host = (req.headers.host ?? '').split(':')[0]!;
      const uniqueId = host.split('.')[0]!;
      const session = sessions.get(uniqueId.slice(0, 20));
      if (session) {
        state.interactions++;
        const iv = randomBytes(16);
        const cipher = createCipheriv('aes-256-cfb', session.aesKey, iv);
        const plain = JSON.stringify({
          protocol: 'http',
          'unique-id': uniqueId,
          'full-id': uniqueId,
          'raw-request': `${req.method} ${req.url} HTTP/1.1\r\nHost: ${req.headers.host}\r\n\r\n${body}`,
          'raw-response': 'HTTP/1.1 200 OK\r\n\r\n',
          'remote-address': req.socket.remoteAddress,
          timestamp: new Date().toISOString(),
        });
        session.queue.push(Buffer.concat([iv, cipher.update(plain), cipher.final()]).toString('base64'));
      }
      res.end('<html>oast</html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    serverUrl: `http://127.0.0.1:${port}`,
    port,
    close: () => server.close(),
    get interactions() {
      return state.interactions;
    },
  };
}
