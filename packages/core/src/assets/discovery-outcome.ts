import type { DiscoveryOutcome } from '../contract/assets.js';

/** Why a finished discovery stored no asset, from what its worker saw. */
export type EmptyDiscoveryReason = 'resolver_unreachable' | 'nothing_resolved' | 'no_open_ports';

/**
 * The reason a discovery that found nothing found nothing, or null when it found something (or
 * its worker did not say what it saw).
 * - every name's DNS questions went unanswered → the resolver is unreachable;
 * - names were answered but none resolved → they do not exist (or not in this resolver's view);
 * - hosts resolved but no probed port was open.
 * @example emptyDiscoveryReason({ names: 305, resolved_hosts: 0, dns_failures: 305, ports_scanned: 0, open_ports: 0 }) // 'resolver_unreachable'
 */
export function emptyDiscoveryReason(
  outcome: DiscoveryOutcome | null | undefined,
): EmptyDiscoveryReason | null {
  if (!outcome) return null;
  if (outcome.resolved_hosts === 0) {
    if (outcome.names > 0 && outcome.dns_failures >= outcome.names) return 'resolver_unreachable';
    return 'nothing_resolved';
  }
  if (outcome.open_ports === 0) return 'no_open_ports';
  return null;
}

/**
 * The outcome a worker's completion stats describe (the engine's DiscoveryStats), or null when
 * they are not a discovery's (an older worker, a cancelled run).
 */
export function discoveryOutcomeFromStats(stats: Record<string, unknown>): DiscoveryOutcome | null {
  const count = (key: string) => {
    const value = stats[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  };
  const names = count('candidates');
  const resolved = count('resolvedHosts');
  if (names === null || resolved === null || stats.cancelled === true) return null;
  return {
    names,
    resolved_hosts: resolved,
    dns_failures: count('dnsFailures') ?? 0,
    ports_scanned: count('portsScanned') ?? 0,
    open_ports: count('openPorts') ?? 0,
  };
}
