/**
 * The discovery pipeline: roots → subdomains (passive sources, AXFR, brute force) → DNS
 * (with wildcard folding) → TCP ports → HTTP probe → technologies (→ screenshots), streamed as
 * an async iterable of asset records (one per host + open port) and progress events.
 */
import { getServers } from 'node:dns';
import { setMaxListeners } from 'node:events';
import net from 'node:net';
import { expandCidr, type ParsedTarget, validateRoots } from '@didban/core/targets';
import { attemptAxfr } from './dns/axfr.js';
import { DnsResolver, type ResolvedHost } from './dns/resolver.js';
import { detectWildcard, matchesWildcard, type WildcardInfo } from './dns/wildcard.js';
import { probeService, type ServiceProbe } from './http/probe.js';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  type DiscoveryConcurrency,
  type DiscoveryTimeouts,
  resolveConcurrency,
  resolveTimeouts,
} from './options.js';
import { portPairs, scanPorts } from './ports/connect-scan.js';
import { type PortSelection, selectPorts } from './ports/port-selection.js';
import { createScope, type ScopeOptions } from './scope.js';
import { type ScreenshotOptions, Screenshotter } from './screenshot/screenshotter.js';
import { bruteForceCandidates } from './subdomains/brute-force.js';
import { type PassiveProviderConfig, runProvider } from './subdomains/passive/run-providers.js';
import { detectTechnologies, loadTechnologyRules } from './technologies/detect.js';
import type {
  DiscoveredAsset,
  DiscoveryEvent,
  DiscoveryRecord,
  DiscoveryStats,
  HostSource,
} from './types.js';
import { concurrentMap } from './util/concurrent-map.js';

export interface DiscoverOptions {
  /** Root domains, IPs and CIDRs (validated with the core rules; CIDR expansion is capped). */
  roots: string | readonly string[];
  /**
   * true (default): enumerate subdomains of domain roots. false: probe only the roots (CIDRs
   * expanded) and hosts allowed by `scope`.
   */
  autoDiscovery?: boolean;
  scope?: ScopeOptions;
  /** 'top-100' (default), 'top-1000', a custom spec such as '80,443,8080-8090', or a list. */
  ports?: PortSelection;
  /** DNS servers as host:port. Default: the system's configured resolvers. */
  resolvers?: readonly string[];
  /** Extra attempts per DNS query (default 2). */
  dnsRetries?: number;
  /** Passive sources to ask; none by default (the worker configures real or stand-in URLs). */
  providers?: readonly PassiveProviderConfig[];
  /** Brute-force labels: the bundled list by default, false to skip. */
  wordlist?: Iterable<string> | false;
  /** Try a zone transfer of each domain root (default true). */
  axfr?: boolean;
  /** Milliseconds; 0 or unset = the engine default (never "no limit"). */
  timeouts?: Partial<DiscoveryTimeouts>;
  concurrency?: Partial<DiscoveryConcurrency>;
  /** Detect technologies on HTTP assets (default true). */
  technologies?: boolean;
  /** Fetch and hash the favicon (default true). */
  favicon?: boolean;
  /** Screenshot HTTP assets with Chromium (default false). */
  screenshots?: boolean | ScreenshotOptions;
  /** Body bytes read per response (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Cap on addresses all CIDR roots may expand to (default 65,536). */
  maxCidrAddresses?: number;
  /** Cancels the run: stages stop pulling work, in-flight probes abort, a final `done` has `cancelled: true`. */
  signal?: AbortSignal;
}

/** Bad roots or ports: carries the core's messages in both languages. */
export class DiscoveryInputError extends Error {
  override name = 'DiscoveryInputError';
  constructor(readonly messages: { en: string; fa: string }[]) {
    super(messages.map((m) => m.en).join(' '));
  }
}

interface HostEntry {
  host: string;
  /** Name used for Host/SNI (differs from `host` only for wildcard entries). */
  probeName: string;
  ips: string[];
  cnames: string[];
  root: string;
  isRoot: boolean;
  sources: Set<HostSource>;
  wildcard: boolean;
}

interface Candidate {
  root: string;
  sources: Set<HostSource>;
}

const ipOrder = (ips: string[]) => [
  ...ips.filter((ip) => net.isIPv4(ip)),
  ...ips.filter((ip) => net.isIPv6(ip)),
];

function rootOf(name: string, domains: string[]): string | undefined {
  return domains.filter((d) => name === d || name.endsWith(`.${d}`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Run discovery and stream its results.
 *
 * @example
 * for await (const record of discover({
 *   roots: ['lab.didban.test'],
 *   resolvers: [lab.resolver],
 *   ports: 'top-100',
 *   providers: [{ name: 'crtsh', baseUrl: manifest.providers.crtsh }],
 *   timeouts: { httpMs: 0 },            // 0 → engine default (5 s)
 *   signal: controller.signal,
 * })) {
 *   if (record.type === 'asset') await postBatch([record]);
 * }
 */
export async function* discover(options: DiscoverOptions): AsyncGenerator<DiscoveryRecord> {
  const started = performance.now();
  // One internal signal, linked to the caller's: thousands of in-flight connects listen on it,
  // which is expected here, so lift the listener warning on our own signal only.
  const internal = new AbortController();
  setMaxListeners(0, internal.signal);
  const forwardAbort = () => internal.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  const signal = internal.signal;
  const timeouts = resolveTimeouts(options.timeouts);
  const concurrency = resolveConcurrency(options.concurrency);
  const autoDiscovery = options.autoDiscovery !== false;
  // Before any request is in flight (see loadTechnologyRules).
  if (options.technologies !== false) loadTechnologyRules();
  const inScope = createScope(options.scope);
  const validated = validateRoots(
    options.roots,
    options.maxCidrAddresses ? { maxCidrAddresses: options.maxCidrAddresses } : {},
  );
  if (!validated.ok) throw new DiscoveryInputError(validated.errors);
  let ports: readonly number[];
  try {
    ports = selectPorts(options.ports ?? 'top-100');
  } catch (error) {
    const messages = (error as { messages?: { en: string; fa: string }[] }).messages;
    throw new DiscoveryInputError(
      messages?.length ? messages : [{ en: (error as Error).message, fa: (error as Error).message }],
    );
  }
  const targets: ParsedTarget[] = validated.value;
  const stats: DiscoveryStats = {
    candidates: 0,
    resolvedHosts: 0,
    unresolved: 0,
    dnsFailures: 0,
    wildcards: 0,
    portsScanned: 0,
    openPorts: 0,
    assets: 0,
    durationMs: 0,
  };
  const finish = (): DiscoveryEvent => ({
    type: 'done',
    cancelled: Boolean(signal?.aborted),
    stats: { ...stats, durationMs: Math.round(performance.now() - started) },
  });

  const domains = targets.filter((t) => t.kind === 'domain').map((t) => t.value);
  const servers = options.resolvers?.length ? options.resolvers : getServers();
  const resolver =
    domains.length > 0
      ? new DnsResolver({ servers, timeoutMs: timeouts.dnsMs, retries: options.dnsRetries ?? 2 })
      : undefined;
  const screenshotter = options.screenshots
    ? new Screenshotter(options.screenshots === true ? {} : options.screenshots, timeouts.screenshotMs)
    : undefined;

  try {
    yield { type: 'stage', stage: 'targets', detail: `${targets.length} root(s)` };

    // Subdomain candidates.
    const candidates = new Map<string, Candidate>();
    const addCandidate = (name: string, root: string, source: HostSource) => {
      const entry = candidates.get(name) ?? { root, sources: new Set<HostSource>() };
      entry.sources.add(source);
      candidates.set(name, entry);
    };
    for (const domain of domains) addCandidate(domain, domain, 'root');

    if (autoDiscovery && domains.length > 0 && resolver) {
      yield { type: 'stage', stage: 'subdomains' };
      const providerRuns = domains.flatMap((domain) =>
        (options.providers ?? []).map((config) => runProvider(config, domain, timeouts.providerMs, signal)),
      );
      for (const outcome of await Promise.all(providerRuns)) {
        for (const name of outcome.names) addCandidate(name, outcome.domain, `passive:${outcome.provider}`);
        yield {
          type: 'provider',
          provider: outcome.provider,
          domain: outcome.domain,
          status: outcome.status,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
          count: outcome.names.length,
          durationMs: Math.round(outcome.durationMs),
        };
      }
      if (options.axfr !== false) {
        for (const domain of domains) {
          if (signal?.aborted) break;
          for (const server of await axfrServers(resolver, domain, servers, signal)) {
            const result = await attemptAxfr(domain, server, timeouts.axfrMs);
            for (const name of result.names)
              if (name === domain || name.endsWith(`.${domain}`)) addCandidate(name, domain, 'axfr');
            yield {
              type: 'axfr',
              zone: domain,
              server,
              status: result.status,
              count: result.names.length,
              ...(result.reason ? { reason: result.reason } : {}),
            };
            if (result.status === 'transferred') break;
          }
        }
      }
      if (options.wordlist !== false) {
        for (const domain of domains) {
          for (const name of bruteForceCandidates(domain, options.wordlist || undefined))
            addCandidate(name, domain, 'wordlist');
        }
      }
    }
    stats.candidates = candidates.size;

    // DNS: wildcard detection, then resolution with wildcard folding.
    yield { type: 'stage', stage: 'dns', detail: `${candidates.size} candidate name(s)` };
    const wildcards = new Map<string, WildcardInfo>();
    if (autoDiscovery && resolver) {
      const parents = new Set<string>(domains);
      for (const name of candidates.keys()) {
        const parent = name.slice(name.indexOf('.') + 1);
        if (rootOf(parent, domains)) parents.add(parent);
      }
      for await (const info of concurrentMap(
        parents,
        concurrency.dns,
        (p) => detectWildcard(resolver, p, signal).catch(() => undefined),
        signal ? { signal } : {},
      )) {
        if (info) wildcards.set(info.domain, info);
      }
    }
    const wildcardFor = (name: string) =>
      [...wildcards.values()]
        .filter((w) => name.endsWith(`.${w.domain}`))
        .sort((a, b) => b.domain.length - a.domain.length)[0];

    const hosts: HostEntry[] = [];
    const suppressed = new Map<string, Set<HostSource>>();
    const suppressedCount = new Map<string, number>();
    if (resolver) {
      const resolveOne = async (name: string): Promise<[string, ResolvedHost]> => [
        name,
        await resolver.resolveHost(name, signal),
      ];
      for await (const [name, resolved] of concurrentMap(
        candidates.keys(),
        concurrency.dns,
        resolveOne,
        signal ? { signal } : {},
      )) {
        const candidate = candidates.get(name)!;
        if (resolved.empty) {
          stats.unresolved++;
          if (resolved.failed) stats.dnsFailures++;
          continue;
        }
        const ips = ipOrder([...resolved.a, ...resolved.aaaa]);
        const wildcard = wildcardFor(name);
        const isRoot = candidate.sources.has('root');
        if (wildcard && !isRoot && matchesWildcard(ips, wildcard)) {
          const sources = suppressed.get(wildcard.domain) ?? new Set<HostSource>();
          for (const s of candidate.sources) sources.add(s);
          suppressed.set(wildcard.domain, sources);
          suppressedCount.set(wildcard.domain, (suppressedCount.get(wildcard.domain) ?? 0) + 1);
          continue;
        }
        if (!inScope(name, ips)) continue;
        hosts.push({
          host: name,
          probeName: name,
          ips,
          cnames: resolved.cnames,
          root: candidate.root,
          isRoot,
          sources: candidate.sources,
          wildcard: false,
        });
      }
    }
    for (const info of wildcards.values()) {
      stats.wildcards++;
      yield {
        type: 'wildcard',
        domain: info.domain,
        ips: info.ips,
        suppressed: suppressedCount.get(info.domain) ?? 0,
      };
      const host = `*.${info.domain}`;
      if (!inScope(host, info.ips) && !inScope(info.sampleName, info.ips)) continue;
      hosts.push({
        host,
        probeName: info.sampleName,
        ips: ipOrder(info.ips),
        cnames: [],
        root: rootOf(info.domain, domains) ?? info.domain,
        isRoot: false,
        sources: suppressed.get(info.domain) ?? new Set<HostSource>(['wordlist']),
        wildcard: true,
      });
    }
    for (const target of targets) {
      if (target.kind === 'ip' && inScope(target.value, [target.value])) {
        hosts.push({
          host: target.value,
          probeName: target.value,
          ips: [target.value],
          cnames: [],
          root: target.value,
          isRoot: true,
          sources: new Set(['root']),
          wildcard: false,
        });
      }
    }
    stats.resolvedHosts = hosts.length;
    for (const h of hosts)
      yield { type: 'host', host: h.host, ips: h.ips, cnames: h.cnames, sources: [...h.sources].sort() };

    // Ports: scan each address once, however many names point at it.
    const byIp = new Map<string, HostEntry[]>();
    for (const h of hosts) {
      const ip = h.ips[0];
      if (ip) byIp.set(ip, [...(byIp.get(ip) ?? []), h]);
    }
    const cidrs = targets.filter((t): t is Extract<ParsedTarget, { kind: 'cidr' }> => t.kind === 'cidr');
    function* scanIps(): Generator<string> {
      yield* byIp.keys();
      for (const cidr of cidrs)
        for (const ip of expandCidr(cidr)) if (!byIp.has(ip) && inScope(ip, [ip])) yield ip;
    }
    const cidrMatchers = cidrs.map((c) => ({ cidr: c.value, contains: createScope({ include: [c.value] }) }));
    const cidrHost = (ip: string): HostEntry => {
      const cidr = cidrMatchers.find((m) => m.contains(ip, [ip]));
      return {
        host: ip,
        probeName: ip,
        ips: [ip],
        cnames: [],
        root: cidr?.cidr ?? ip,
        isRoot: false,
        sources: new Set(['cidr']),
        wildcard: false,
      };
    };
    yield { type: 'stage', stage: 'ports', detail: `${ports.length} port(s)` };
    function* countPairs() {
      for (const pair of portPairs(scanIps(), ports)) {
        stats.portsScanned++;
        yield pair;
      }
    }
    const open = scanPorts(countPairs(), {
      timeoutMs: timeouts.connectMs,
      concurrency: concurrency.ports,
      ...(signal ? { signal } : {}),
    });
    async function* probeTargets() {
      for await (const result of open) {
        stats.openPorts++;
        for (const host of byIp.get(result.ip) ?? [cidrHost(result.ip)])
          yield { host, ip: result.ip, port: result.port };
      }
    }

    const bodyLimit =
      options.bodyLimitBytes && options.bodyLimitBytes > 0
        ? options.bodyLimitBytes
        : DEFAULT_BODY_LIMIT_BYTES;
    const probeOne = async ({
      host,
      ip,
      port,
    }: {
      host: HostEntry;
      ip: string;
      port: number;
    }): Promise<DiscoveredAsset> => {
      const probe: ServiceProbe = await probeService(
        { host: host.probeName, ip, port },
        {
          timeoutMs: timeouts.httpMs,
          bodyLimit,
          favicon: options.favicon !== false,
          ...(signal ? { signal } : {}),
        },
      );
      let technologies: DiscoveredAsset['technologies'] = [];
      let technologyError: string | null = null;
      if (probe.http && options.technologies !== false) {
        const result = await detectTechnologies(
          { url: probe.http.finalUrl, headers: probe.http.headers, html: probe.html },
          timeouts.technologiesMs,
        );
        technologies = result.technologies;
        technologyError = result.error;
      }
      const asset: DiscoveredAsset = {
        type: 'asset',
        host: host.host,
        port,
        ips: [ip, ...host.ips.filter((x) => x !== ip)],
        cnames: host.cnames,
        isRoot: host.isRoot,
        root: host.root,
        sources: [...host.sources].sort(),
        wildcard: host.wildcard,
        service: probe.service,
        banner: probe.banner,
        http: probe.http,
        technologies,
        technologyError,
        anomalies: probe.anomalies,
        discoveredAt: new Date().toISOString(),
      };
      if (screenshotter && probe.http && !signal?.aborted) {
        asset.screenshot = await screenshotter.capture(probe.http.finalUrl, ip);
      }
      return asset;
    };
    yield { type: 'stage', stage: 'http' };
    for await (const asset of concurrentMap(
      probeTargets(),
      concurrency.http,
      probeOne,
      signal ? { signal } : {},
    )) {
      stats.assets++;
      yield asset;
    }
    yield finish();
  } finally {
    // Also reached when the consumer stops iterating early: stop whatever is still running.
    internal.abort();
    options.signal?.removeEventListener('abort', forwardAbort);
    resolver?.close();
    await screenshotter?.close();
  }
}

/** Where to ask for a transfer: the zone's NS hosts (port 53), else the configured resolvers. */
async function axfrServers(
  resolver: DnsResolver,
  domain: string,
  configured: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const servers: string[] = [];
  try {
    const ns = await resolver.query(domain, 'NS', signal);
    for (const record of ns.answers) {
      if (record.type !== 'NS') continue;
      const host = await resolver.resolveHost(String(record.data), signal);
      for (const ip of host.a) servers.push(`${ip}:53`);
    }
  } catch {
    // No NS answer: fall back to the configured resolvers.
  }
  return [...new Set([...servers, ...configured])];
}
