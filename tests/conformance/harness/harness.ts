import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, request, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer, type TlsOptions } from 'node:tls';
import type { FuzzInput, ScanOptions } from '@didban/engine';
import { type StubRecord, startDnsStub } from './dns-stub.js';
import { startOastServer } from './oast-server.js';

const CERTS = join(import.meta.dirname, 'certs');
export type CertName = 'self-signed' | 'expired';
const cert = (name: CertName) => ({
  key: readFileSync(join(CERTS, `${name}.key`)),
  cert: readFileSync(join(CERTS, `${name}.crt`)),
});

/** What a case's server.ts returns: the scan targets, options it needs, and a check of what its server saw. */
export interface CaseSetup {
  readonly targets: readonly string[];
  readonly options?: ScanOptions;
  /** Requests fuzzing (DAST) templates alter (`runTemplates`' fuzzInputs). */
  readonly fuzzInputs?: readonly FuzzInput[];
  /** Called after the scan; throw (or use expect) to fail the case on what the server received. */
  readonly verify?: () => void;
}

/** Local servers for one case, all on 127.0.0.1 with random ports, closed after the case. */
export class Harness {
  /** The first HTTP(S) server's base URL, used as `{{url}}` in expected.json. */
  url = '';
  private readonly closers: (() => void)[] = [];

  private async listen(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    (server as Server).unref?.();
    this.closers.push(() => {
      (server as Server).closeAllConnections?.();
      server.close();
    });
    return (server.address() as { port: number }).port;
  }

  async http(handler: RequestListener): Promise<string> {
    const port = await this.listen(createHttpServer(handler));
    const url = `http://127.0.0.1:${port}`;
    this.url ||= url;
    return url;
  }

  async https(
    handler: RequestListener,
    certName: CertName = 'self-signed',
    onSni?: (name: string | undefined) => void,
  ): Promise<string> {
    const server = createHttpsServer(
      {
        ...cert(certName),
        SNICallback: (name, cb) => {
          onSni?.(name);
          cb(null, undefined);
        },
      },
      handler,
    );
    server.on('secureConnection', (s) => onSni?.((s as unknown as { servername?: string }).servername));
    const port = await this.listen(server as unknown as Server);
    const url = `https://127.0.0.1:${port}`;
    this.url ||= url;
    return url;
  }

  async tcp(onConnection: (socket: Socket) => void): Promise<string> {
    const port = await this.listen(createNetServer(onConnection));
    return `127.0.0.1:${port}`;
  }

  async tls(
    onConnection: (socket: Socket) => void,
    certName: CertName = 'self-signed',
    options: TlsOptions = {},
  ): Promise<string> {
    const port = await this.listen(
      createTlsServer({ ...cert(certName), ...options }, onConnection) as unknown as Server,
    );
    return `127.0.0.1:${port}`;
  }

  async dns(records: readonly StubRecord[]): Promise<string> {
    const stub = await startDnsStub(records);
    this.closers.push(stub.close);
    return stub.resolver;
  }

  async oast(): Promise<Awaited<ReturnType<typeof startOastServer>>> {
    const oast = await startOastServer();
    this.closers.push(oast.close);
    return oast;
  }

  /** A port nothing listens on: bind, note the port, close. */
  async closedPort(): Promise<number> {
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  /** Registers extra cleanup for resources a case creates itself. */
  onClose(close: () => void): void {
    this.closers.push(close);
  }

  close(): void {
    for (const close of this.closers.splice(0)) close();
  }
}

/** Makes the HTTP call an SSRF-vulnerable app would make: to an OAST host, through the local OAST server. */
export function callOast(oastPort: number, oastHost: string): void {
  const req = request({ host: '127.0.0.1', port: oastPort, path: '/', headers: { Host: oastHost } });
  req.on('error', () => {});
  req.end();
}

/** Reads a whole request body. */
export function readBody(req: Parameters<RequestListener>[0]): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}
