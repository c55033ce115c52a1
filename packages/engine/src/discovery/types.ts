/** Public records the discovery pipeline streams: assets (one per host + port) and events. */
import type { Anomaly, HttpProbeResult } from './http/probe.js';
import type { ProviderName } from './subdomains/passive/provider.js';
import type { DetectedTechnology } from './technologies/detect.js';

/** How a host was found. */
export type HostSource = 'root' | 'cidr' | 'wordlist' | 'axfr' | `passive:${ProviderName}`;

export type ScreenshotResult =
  | { status: 'captured'; mimeType: 'image/png'; data: Buffer; width: number; height: number }
  | { status: 'unavailable'; reason: string }
  | { status: 'failed'; reason: string };

/**
 * One asset: a host and an open port with what the probes learned. The server upserts it by
 * (asset group, host, port).
 */
export interface DiscoveredAsset {
  type: 'asset';
  /** Host name (lower case), an IP for IP/CIDR roots, or `*.domain` for a wildcard zone. */
  host: string;
  port: number;
  /** Addresses the host resolved to (IPv4 then IPv6); the probed one first. */
  ips: string[];
  /** CNAME chain, first hop first. */
  cnames: string[];
  /** The host is one of the roots the user entered. */
  isRoot: boolean;
  /** Root entry this host belongs to (domain, IP or CIDR as entered, normalised). */
  root: string;
  sources: HostSource[];
  /** The host stands for a wildcard DNS zone (reported once, not per name). */
  wildcard: boolean;
  /** 'http' | 'https' | a protocol named from its banner (smtp, ssh, ...) | 'unknown'. */
  service: string;
  banner: string | null;
  /** HTTP facts when the port speaks HTTP(S). */
  http: HttpProbeResult | null;
  technologies: DetectedTechnology[];
  /** Set when technology detection failed or timed out. */
  technologyError: string | null;
  /** What hostile or broken behaviour was seen (timeout, garbage, endless body, loop, bad TLS). */
  anomalies: Anomaly[];
  /** Present when screenshots were requested and the port speaks HTTP(S). */
  screenshot?: ScreenshotResult;
  /** ISO time the asset was probed. */
  discoveredAt: string;
}

export type DiscoveryStage = 'targets' | 'subdomains' | 'dns' | 'ports' | 'http';

export type DiscoveryEvent =
  | { type: 'stage'; stage: DiscoveryStage; detail?: string }
  | {
      type: 'provider';
      provider: ProviderName;
      domain: string;
      status: 'ok' | 'skipped';
      reason?: string;
      count: number;
      durationMs: number;
    }
  | {
      type: 'axfr';
      zone: string;
      server: string;
      status: 'transferred' | 'refused' | 'failed';
      count: number;
      reason?: string;
    }
  | { type: 'wildcard'; domain: string; ips: string[]; suppressed: number }
  | { type: 'host'; host: string; ips: string[]; cnames: string[]; sources: HostSource[] }
  | { type: 'warning'; message: string }
  | { type: 'done'; stats: DiscoveryStats; cancelled: boolean };

export interface DiscoveryStats {
  candidates: number;
  resolvedHosts: number;
  unresolved: number;
  /** Of `unresolved`, names whose DNS questions got no answer at all (resolver unreachable). */
  dnsFailures: number;
  wildcards: number;
  portsScanned: number;
  openPorts: number;
  assets: number;
  durationMs: number;
}

export type DiscoveryRecord = DiscoveredAsset | DiscoveryEvent;
