/**
 * A real SSH server (ssh2's Server) on loopback for the javascript protocol's nuclei/ssh tests:
 * password authentication with one account, host key made at start, any port (0 = free one).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** The part of ssh2's server API the lab uses (the lab has no dependencies of its own to type it). */
interface SshAuthContext {
  method: string;
  username: string;
  password?: string;
  accept(): void;
  reject(methods?: string[]): void;
}
interface SshConnection {
  on(event: 'error' | 'ready', cb: () => void): void;
  on(event: 'authentication', cb: (ctx: SshAuthContext) => void): void;
  end(): void;
}
interface SshServer {
  listen(port: number, host: string, cb: () => void): void;
  address(): AddressInfo | string | null;
  close(cb: () => void): void;
}
interface Ssh2 {
  Server: new (
    options: { hostKeys: string[]; ident?: string },
    onClient: (client: SshConnection) => void,
  ) => SshServer;
}

// The lab is no workspace package: ssh2 is borrowed from the engine's folder (as deps.ts does).
const ssh2 = createRequire(new URL('../../../../packages/engine/package.json', import.meta.url))(
  'ssh2',
) as Ssh2;

export interface LabSsh {
  readonly host: string;
  readonly port: number;
  /** Successful logins so far (username). */
  readonly logins: string[];
  stop(): Promise<void>;
}

export async function startSshServer(
  options: { host?: string; port?: number; username?: string; password?: string; ident?: string } = {},
): Promise<LabSsh> {
  const username = options.username ?? 'admin';
  const password = options.password ?? 'lab-secret';
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const logins: string[] = [];
  const server = new ssh2.Server(
    { hostKeys: [privateKey], ident: options.ident ?? 'OpenSSH_8.9p1 Ubuntu-3ubuntu0.6' },
    (client) => {
      client.on('error', () => {});
      client.on('authentication', (ctx) => {
        if (ctx.method === 'password' && ctx.username === username && ctx.password === password) {
          logins.push(ctx.username);
          ctx.accept();
        } else ctx.reject(['password', 'publickey']);
      });
      client.on('ready', () => client.end());
    },
  );
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    logins,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
