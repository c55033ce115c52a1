import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createDnsListeners } from './dns-listener.js';
import { createHttpListener, createHttpsListener } from './http-listener.js';
import { SessionStore } from './session-store.js';
import { createSmtpListener } from './smtp-listener.js';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

export interface OastOptions {
  /** The interaction domain, e.g. `oast.example.com` (its NS records point at this server). */
  readonly domain: string;
  /** The public address DNS answers for every name under the domain. */
  readonly ip: string;
  readonly http?: ListenAddress;
  /** HTTPS listener (needs `tls`): the same routes as HTTP, for targets that only call https://. */
  readonly https?: ListenAddress;
  /** PEM certificate (chain) and key for the domain and `*.<domain>`. */
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  readonly dns?: ListenAddress;
  readonly smtp?: ListenAddress;
  /** Clients must send it as `Authorization` to register, poll and deregister. */
  readonly token?: string;
  /** Folder of the interactions on disk. */
  readonly dataDir: string;
  readonly maxSessions?: number;
  readonly sessionTtlSeconds?: number;
  readonly maxSessionBytes?: number;
  readonly maxDiskBytes?: number;
  readonly maxRequestBytes?: number;
}

export const OAST_DEFAULTS = Object.freeze({
  maxSessions: 10_000,
  sessionTtlSeconds: 3600,
  maxSessionBytes: 4 * 1024 * 1024,
  maxDiskBytes: 512 * 1024 * 1024,
  maxRequestBytes: 64 * 1024,
});

export interface OastServer {
  readonly store: SessionStore;
  /** Bound addresses (port 0 in the options: the port the system chose). */
  readonly addresses: { http?: AddressInfo; https?: AddressInfo; dns?: AddressInfo; smtp?: AddressInfo };
  close(): Promise<void>;
}

/**
 * Start Didban's interaction server: an interactsh-compatible API on the HTTP listener, and
 * DNS/HTTP/HTTPS/SMTP listeners that record interactions for registered clients. Only the listeners
 * given an address start.
 *
 * @example
 *   const oast = await startOastServer({ domain: 'oast.example.com', ip: '203.0.113.7',
 *     http: { host: '0.0.0.0', port: 80 }, dns: { host: '0.0.0.0', port: 53 }, dataDir: '/var/lib/didban/oast' });
 */
export async function startOastServer(options: OastOptions): Promise<OastServer> {
  const domain = options.domain.toLowerCase().replace(/\.$/, '');
  const maxRequestBytes = options.maxRequestBytes ?? OAST_DEFAULTS.maxRequestBytes;
  const store = await SessionStore.open({
    dir: options.dataDir,
    maxSessions: options.maxSessions ?? OAST_DEFAULTS.maxSessions,
    sessionTtlMs: (options.sessionTtlSeconds ?? OAST_DEFAULTS.sessionTtlSeconds) * 1000,
    maxSessionBytes: options.maxSessionBytes ?? OAST_DEFAULTS.maxSessionBytes,
    maxDiskBytes: options.maxDiskBytes ?? OAST_DEFAULTS.maxDiskBytes,
  });
  const closers: (() => Promise<void>)[] = [];
  const addresses: { http?: AddressInfo; https?: AddressInfo; dns?: AddressInfo; smtp?: AddressInfo } = {};
  try {
    if (options.http) {
      const http = createHttpListener(store, {
        domain,
        maxRequestBytes,
        ...(options.token ? { token: options.token } : {}),
      });
      http.listen(options.http.port, options.http.host);
      await once(http, 'listening');
      addresses.http = http.address() as AddressInfo;
      closers.push(
        () =>
          new Promise((r) => {
            http.close(() => r());
            http.closeAllConnections();
          }),
      );
    }
    if (options.https) {
      if (!options.tls) throw new Error('the HTTPS listener needs a certificate and key (tls)');
      const https = createHttpsListener(
        store,
        { domain, maxRequestBytes, ...(options.token ? { token: options.token } : {}) },
        options.tls,
      );
      https.listen(options.https.port, options.https.host);
      await once(https, 'listening');
      addresses.https = https.address() as AddressInfo;
      closers.push(
        () =>
          new Promise((r) => {
            https.close(() => r());
            https.closeAllConnections();
          }),
      );
    }
    if (options.dns) {
      // TCP on the same port UDP got (DNS over TCP for long answers and some resolvers). With port 0
      // the number UDP got may already be taken for TCP by another process: try a fresh pair.
      let listeners = createDnsListeners(store, { domain, ip: options.ip });
      for (let attempt = 1; ; attempt++) {
        listeners.udp.bind(options.dns.port, options.dns.host);
        await once(listeners.udp, 'listening');
        addresses.dns = listeners.udp.address();
        listeners.tcp.listen(addresses.dns.port, options.dns.host);
        try {
          await once(listeners.tcp, 'listening');
          break;
        } catch (error) {
          listeners.udp.close();
          if (options.dns.port !== 0 || attempt >= 10) throw error;
          listeners = createDnsListeners(store, { domain, ip: options.ip });
        }
      }
      const { udp, tcp } = listeners;
      closers.push(() => new Promise((r) => udp.close(() => r())));
      closers.push(() => new Promise((r) => tcp.close(() => r())));
    }
    if (options.smtp) {
      const smtp = createSmtpListener(store, { domain, maxRequestBytes });
      smtp.listen(options.smtp.port, options.smtp.host);
      await once(smtp.server, 'listening');
      addresses.smtp = smtp.server.address() as AddressInfo;
      closers.push(() => new Promise((r) => smtp.close(() => r())));
    }
  } catch (error) {
    await Promise.allSettled(closers.map((c) => c()));
    await store.close();
    throw error;
  }
  return {
    store,
    addresses,
    async close() {
      await Promise.allSettled(closers.map((c) => c()));
      await store.close();
    },
  };
}
