/**
 * Scope patterns: which discovered hosts may be probed.
 *
 * - `example.com`      that exact name
 * - `*.example.com`    any name below example.com (not example.com itself)
 * - `10.0.0.5`, `10.0.0.0/24`, `2001:db8::/64`   hosts whose address falls inside
 *
 * A host is in scope when no exclude pattern matches and, if include patterns are given, one
 * of them matches. Roots are subject to the same rules (exclude a root to skip it).
 */
import { parseIpv4, parseIpv6, parseTarget } from '@didban/core/targets';

export interface ScopeOptions {
  include?: readonly string[];
  exclude?: readonly string[];
}

type Matcher = (host: string, ips: readonly string[]) => boolean;

function ipInCidr(ip: string, network: string, prefix: number, version: 4 | 6): boolean {
  if (version === 4) {
    const value = parseIpv4(ip);
    const net = parseIpv4(network);
    if (value === null || net === null) return false;
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (value & mask) >>> 0 === (net & mask) >>> 0;
  }
  const value = parseIpv6(ip);
  const net = parseIpv6(network);
  if (value === null || net === null) return false;
  const shift = BigInt(128 - prefix);
  return value >> shift === net >> shift;
}

function compile(pattern: string): Matcher {
  const text = pattern.trim().toLowerCase();
  if (text.startsWith('*.')) {
    const suffix = text.slice(1);
    return (host) => host.endsWith(suffix);
  }
  const target = parseTarget(text);
  if (target?.kind === 'cidr') {
    return (host, ips) =>
      [host, ...ips].some((ip) => ipInCidr(ip, target.network, target.prefix, target.version));
  }
  if (target?.kind === 'ip') return (host, ips) => host === target.value || ips.includes(target.value);
  return (host) => host === text.replace(/\.$/, '');
}

/**
 * @example
 * const inScope = createScope({ exclude: ['*.internal.example.com', '10.0.0.0/8'] });
 * inScope('a.internal.example.com', []) // false
 */
export function createScope(options: ScopeOptions = {}): (host: string, ips?: readonly string[]) => boolean {
  const include = (options.include ?? []).filter((p) => p.trim()).map(compile);
  const exclude = (options.exclude ?? []).filter((p) => p.trim()).map(compile);
  return (host, ips = []) => {
    const h = host.toLowerCase();
    if (exclude.some((m) => m(h, ips))) return false;
    return include.length === 0 || include.some((m) => m(h, ips));
  };
}
