/**
 * The built-in worker's scan scope: what it refuses (every internal range, the server's own
 * listening endpoints and public addresses, its database) and what the operator opened with
 * DIDBAN_BUILTIN_WORKER_ALLOW. The child process enforces it on every socket; the API uses the
 * same policy to refuse roots up front (asset groups, scan targets).
 */
import dns from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import { createScopePolicy, parseAddress, type ScopePolicy } from '@didban/engine/scope';
import type { Config } from '../config/env.js';

const endpoint = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);
const isWildcard = (host: string) => ['0.0.0.0', '::', '[::]', ''].includes(host);

function interfaceAddresses(): { address: string; internal: boolean }[] {
  return Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((a) => ({ address: a.address.replace(/%.*$/, ''), internal: a.internal })),
  );
}

async function resolveAll(host: string): Promise<string[]> {
  if (parseAddress(host)) return [parseAddress(host)!.toString()];
  return (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
}

/**
 * The server's own endpoints for a listening address (`http://127.0.0.1:8080`) and database.
 * Public interface addresses are refused whole; loopback/private ones only on the server's
 * ports (they are refused anyway unless the operator opened their range for a lab).
 */
export async function ownAddresses(config: Config, listenAddress: string | undefined): Promise<string[]> {
  const own = new Set<string>();
  const interfaces = interfaceAddresses();
  for (const a of interfaces)
    if (
      !a.internal &&
      !parseAddress(a.address)
        ?.range()
        .match(/private|linkLocal|uniqueLocal|loopback/)
    )
      own.add(a.address);
  if (listenAddress) {
    const url = new URL(listenAddress);
    const port = Number(url.port || 80);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const ips = isWildcard(host) ? interfaces.map((a) => a.address) : await resolveAll(host);
    for (const ip of ips) own.add(endpoint(ip, port));
  }
  if (config.databaseUrl) {
    try {
      const url = new URL(config.databaseUrl);
      const port = Number(url.port || 5432);
      for (const ip of await resolveAll(
        decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
      )) {
        own.add(endpoint(ip, port));
        if (!/loopback/.test(parseAddress(ip)?.range() ?? '')) own.add(ip);
      }
    } catch {
      // A socket-path URL (no host): nothing reachable over the network.
    }
  }
  return [...own];
}

/** The policy the API judges roots and targets with (no DNS, no own endpoints needed). */
export function builtinScopePolicy(config: Config, own: readonly string[] = []): ScopePolicy {
  return createScopePolicy({ blockInternal: true, allow: config.builtinWorkerAllow, ownAddresses: own });
}

/** DNS servers the worker itself must reach (`ip:port`): configured ones and the system's. */
export function trustedResolvers(config: Config): string[] {
  const system = dns
    .getServers()
    .map((s) => (/^\[|^[^:]+:\d+$/.test(s) ? s : parseAddress(s) ? endpoint(s, 53) : s));
  return [...config.workerResolvers, ...system];
}
