/**
 * The operator's one log line when a discovery resolves no name at all — usually the built-in
 * worker asking the system's DNS for names only a private or lab resolver knows. Once per server
 * process: the panel says it for every such run; the log should not repeat it all day.
 */
import type { DiscoveryOutcome } from '@didban/core';

type WarnLog = { warn(object: object, message: string): void };

let log: WarnLog | null = null;
let warned = false;

/** The server's logger (buildApp sets it). */
export function setDiscoveryLog(logger: WarnLog): void {
  log = logger;
}

/** Logs the warning the first time an outcome has names but resolved none; true when it did. */
export function warnIfNothingResolved(outcome: DiscoveryOutcome, groupId: string): boolean {
  if (warned || outcome.names === 0 || outcome.resolved_hosts > 0 || !log) return false;
  warned = true;
  log.warn(
    { group_id: groupId, names: outcome.names, dns_failures: outcome.dns_failures },
    outcome.dns_failures >= outcome.names
      ? 'discovery resolved nothing: the DNS resolver did not answer (check DIDBAN_WORKER_RESOLVERS or the worker’s --resolver)'
      : 'discovery resolved nothing: no name exists in the resolver’s view (a lab or private zone needs DIDBAN_WORKER_RESOLVERS or the worker’s --resolver)',
  );
  return true;
}

/** Tests only: warn again. */
export function resetNothingResolvedWarning(): void {
  warned = false;
}
