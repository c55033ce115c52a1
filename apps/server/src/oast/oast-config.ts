import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ListenAddress, OastOptions } from './oast-server.js';

/** What a worker needs to use the interaction server (handed out at hello). */
export interface InteractshEndpoint {
  /** Where clients register and poll. */
  readonly url: string;
  /** The interaction domain (`<id>.<domain>` is each request's callback host). */
  readonly domain: string;
  readonly token?: string;
}

export interface OastConfig {
  /** Listeners to start in this process; undefined when no listen address is set. */
  readonly server: OastOptions | undefined;
  /** Handed to every worker (built-in and self-hosted); undefined: out-of-band templates skip. */
  readonly endpoint: InteractshEndpoint | undefined;
}

const text = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const listen = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const match = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match?.[1] || port > 65535) {
    ctx.addIssue({ code: 'custom', message: `expected host:port (e.g. 0.0.0.0:53), got "${value}"` });
    return z.NEVER;
  }
  return { host: match[1], port } satisfies ListenAddress;
});

const schema = z.object({
  DIDBAN_OAST_DOMAIN: text.pipe(
    z
      .string()
      .regex(/^(?=.{1,200}$)([a-z0-9-]+\.)+[a-z0-9-]+$/i, 'expected a domain name such as oast.example.com')
      .optional(),
  ),
  DIDBAN_OAST_IP: text.pipe(z.union([z.ipv4(), z.ipv6()]).optional()),
  DIDBAN_OAST_HTTP: listen,
  DIDBAN_OAST_HTTPS: listen,
  DIDBAN_OAST_TLS_CERT: text,
  DIDBAN_OAST_TLS_KEY: text,
  DIDBAN_OAST_DNS: listen,
  DIDBAN_OAST_SMTP: listen,
  DIDBAN_OAST_URL: text.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DIDBAN_OAST_TOKEN: text,
  DIDBAN_OAST_DATA_DIR: text,
  DIDBAN_OAST_SESSION_TTL_SECONDS: z.coerce
    .number()
    .min(1)
    .max(7 * 86_400)
    .default(3600),
  DIDBAN_OAST_MAX_SESSIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  DIDBAN_OAST_MAX_DISK_MB: z.coerce.number().min(1).max(1_000_000).default(512),
});

/**
 * The interaction server's settings (README: `DIDBAN_OAST_*`), shared by the API server (which
 * runs the listeners when addresses are set) and `didban-oast`. Throws with the variable's name.
 */
export function parseOastConfig(env: Record<string, string | undefined>, dataDir: string): OastConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw new Error(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  const e = parsed.data;
  const listeners = e.DIDBAN_OAST_HTTP || e.DIDBAN_OAST_HTTPS || e.DIDBAN_OAST_DNS || e.DIDBAN_OAST_SMTP;
  if (!e.DIDBAN_OAST_DOMAIN) {
    if (listeners || e.DIDBAN_OAST_URL)
      throw new Error('  DIDBAN_OAST_DOMAIN: required when an interaction server is configured');
    return { server: undefined, endpoint: undefined };
  }
  const domain = e.DIDBAN_OAST_DOMAIN.toLowerCase();
  if (listeners && !e.DIDBAN_OAST_HTTP)
    throw new Error('  DIDBAN_OAST_HTTP: required (clients register and poll over HTTP)');
  if (e.DIDBAN_OAST_DNS && !e.DIDBAN_OAST_IP)
    throw new Error(
      '  DIDBAN_OAST_IP: required with DIDBAN_OAST_DNS (the address names under the domain resolve to)',
    );
  const tls = e.DIDBAN_OAST_HTTPS ? readTls(e.DIDBAN_OAST_TLS_CERT, e.DIDBAN_OAST_TLS_KEY) : undefined;
  const http = e.DIDBAN_OAST_HTTP;
  const server: OastOptions | undefined = listeners
    ? {
        domain,
        ip: e.DIDBAN_OAST_IP ?? http!.host,
        ...(http ? { http } : {}),
        ...(e.DIDBAN_OAST_HTTPS && tls ? { https: e.DIDBAN_OAST_HTTPS, tls } : {}),
        ...(e.DIDBAN_OAST_DNS ? { dns: e.DIDBAN_OAST_DNS } : {}),
        ...(e.DIDBAN_OAST_SMTP ? { smtp: e.DIDBAN_OAST_SMTP } : {}),
        ...(e.DIDBAN_OAST_TOKEN ? { token: e.DIDBAN_OAST_TOKEN } : {}),
        dataDir: e.DIDBAN_OAST_DATA_DIR ?? join(dataDir, 'oast'),
        sessionTtlSeconds: e.DIDBAN_OAST_SESSION_TTL_SECONDS,
        maxSessions: e.DIDBAN_OAST_MAX_SESSIONS,
        maxDiskBytes: Math.round(e.DIDBAN_OAST_MAX_DISK_MB * 1024 * 1024),
      }
    : undefined;
  // Clients reach the API at the domain itself unless told otherwise (as nuclei's -iserver).
  const port = http && http.port !== 80 ? `:${http.port}` : '';
  const url = (e.DIDBAN_OAST_URL ?? `http://${domain}${port}`).replace(/\/+$/, '');
  return {
    server,
    endpoint: { url, domain, ...(e.DIDBAN_OAST_TOKEN ? { token: e.DIDBAN_OAST_TOKEN } : {}) },
  };
}

/** The HTTPS listener's certificate and key, read once at start; a missing or unreadable file names its variable. */
function readTls(certPath: string | undefined, keyPath: string | undefined) {
  const read = (name: string, path: string | undefined) => {
    if (!path)
      throw new Error(
        `  ${name}: required with DIDBAN_OAST_HTTPS (PEM file of the certificate for the domain and *.<domain>, and its key)`,
      );
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(`  ${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  };
  const cert = read('DIDBAN_OAST_TLS_CERT', certPath);
  const key = read('DIDBAN_OAST_TLS_KEY', keyPath);
  if (!cert.includes('-----BEGIN CERTIFICATE-----'))
    throw new Error(`  DIDBAN_OAST_TLS_CERT: ${certPath} is not a PEM certificate`);
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key.toString('latin1')))
    throw new Error(`  DIDBAN_OAST_TLS_KEY: ${keyPath} is not a PEM private key`);
  return { cert, key };
}
