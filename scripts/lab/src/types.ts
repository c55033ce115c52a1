/** Shapes of the lab's plan and manifest. The manifest is what tests compare discovery against. */

/** Service presets the lab knows how to run (see presets.ts for what each one looks like). */
export type ServiceKind =
  | 'nginx-home'
  | 'wordpress'
  | 'login'
  | 'iis-secure'
  | 'express-api'
  | 'python-dir'
  | 'nginx-default'
  | 'intranet'
  | 'dast-app'
  | 'smtp'
  | 'hang'
  | 'garbage'
  | 'huge-body'
  | 'redirect-loop'
  | 'broken-tls';

export type HostileKind = 'hang' | 'garbage' | 'huge-body' | 'redirect-loop' | 'broken-tls';

/** Passive providers the lab has stand-ins for. */
export type ProviderName = 'crtsh' | 'certspotter' | 'hackertarget' | 'otx' | 'virustotal' | 'securitytrails';

export const PROVIDER_NAMES: readonly ProviderName[] = [
  'crtsh',
  'certspotter',
  'hackertarget',
  'otx',
  'virustotal',
  'securitytrails',
];

export interface ServiceSpec {
  port: number;
  kind: ServiceKind;
  /** Serve over TLS with the lab's self-signed certificate. */
  tls?: boolean;
}

/** What a discovery run should report for a planted service. */
export interface PlantedService {
  port: number;
  kind: ServiceKind;
  tls: boolean;
  /** 'http' for web services, otherwise the plain TCP protocol name. */
  protocol: 'http' | 'smtp';
  /** Set for hostile services: what the engine must record instead of a normal response. */
  hostile?: HostileKind;
  /** Expected probe facts for well-behaved web services. */
  status?: number;
  title?: string;
  server?: string;
  /** Technologies (Wappalyzer names) with the version when one is planted. */
  technologies?: { name: string; version?: string }[];
}

/** How a host can be found: the bundled wordlist, a zone transfer, or a passive provider. */
export type DiscoverySource = 'wordlist' | 'axfr' | 'root' | `passive:${ProviderName}`;

export interface HostSpec {
  /** Fully qualified name, e.g. `blog.lab.didban.test`. */
  name: string;
  /** Address; allocated from the lab subnet when omitted (ignored when `cname` is set). */
  ip?: string;
  /** Make the name a CNAME to this name instead of an A record. */
  cname?: string;
  services?: ServiceSpec[];
  /** Passive providers that report this name (crt.sh, OTX, ...). */
  providers?: ProviderName[];
}

export interface PlantedHost {
  name: string;
  /** Addresses the name finally resolves to (after CNAMEs). */
  ips: string[];
  /** CNAME chain, first hop first; empty for plain A records. */
  cnames: string[];
  services: PlantedService[];
  sources: DiscoverySource[];
  zone: string;
}

export interface PlantedWildcard {
  /** e.g. `*.apps.lab.didban.test` */
  pattern: string;
  ip: string;
  services: PlantedService[];
}

export interface LabManifest {
  /** Main zone, AXFR refused. */
  zone: string;
  /** Zone that allows AXFR (and whose names are found only that way). */
  axfrZone: string;
  /** host:port of the authoritative DNS server (UDP and TCP). */
  resolver: string;
  /** Base URL of the control API. */
  control: string;
  /** Base URL per passive provider stand-in. */
  providers: Record<ProviderName, string>;
  /** API key the keyed stand-ins (VirusTotal, SecurityTrails) accept. */
  providerKey: string;
  subnet: string;
  hosts: PlantedHost[];
  wildcards: PlantedWildcard[];
  /** Names providers report that do not resolve (stale certificates); discovery must drop them. */
  staleNames: string[];
}
