/**
 * A self-hosted worker's optional scan scope (`--scope-block-internal`, `--scope-allow`,
 * `--scope-deny`). Self-hosted workers run in the tenant's own network and scan private ranges
 * by design, so there is no policy unless the operator asks for one; then every socket of this
 * process passes it, except the Didban server itself and the configured DNS resolvers.
 */
import dns from 'node:dns/promises';
import { createScopePolicy, installSocketGuard, parseAddress, type ScopePolicy } from '@didban/engine';

export interface WorkerScopeFlags {
  blockInternal: boolean;
  allow?: string | undefined;
  deny?: string | undefined;
  resolvers: readonly string[];
  onRefused?: (message: string) => void;
}

const endpoint = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);

/** Install the policy the flags describe (none: returns undefined and changes nothing). */
export async function installWorkerScope(
  serverUrl: string,
  flags: WorkerScopeFlags,
): Promise<ScopePolicy | undefined> {
  if (!flags.blockInternal && !flags.deny?.trim()) return undefined;
  const policy = createScopePolicy({
    blockInternal: flags.blockInternal,
    allow: flags.allow,
    deny: flags.deny,
  });
  const server = new URL(serverUrl);
  const port = Number(server.port || (server.protocol === 'https:' ? 443 : 80));
  const host = server.hostname.replace(/^\[|\]$/g, '');
  const serverIps = parseAddress(host)
    ? [host]
    : (await dns.lookup(host, { all: true })).map((a) => a.address);
  const system = dns.getServers().map((s) => (parseAddress(s) ? endpoint(s, 53) : s));
  installSocketGuard(policy, {
    trusted: [...serverIps.map((ip) => endpoint(ip, port)), ...flags.resolvers, ...system],
    onRefused: (refusal) => flags.onRefused?.(refusal.message),
  });
  return policy;
}
