/**
 * The local lab: an authoritative DNS server, web and TCP services on 127.x.y.z addresses,
 * passive-provider stand-ins and a control API, all described by a manifest.
 *
 * @example
 * const lab = await startLab({ subnet: '127.42.7' });
 * // point the engine at lab.resolver ('127.0.0.1:PORT'), compare its output with lab.manifest()
 * await lab.control.addHost({ name: 'new.lab.didban.test', services: [{ port: 80, kind: 'wordpress' }] });
 * await lab.stop();
 */
import { BUNDLED_WORDLIST } from '../../../packages/engine/src/discovery/subdomains/wordlist.js';
import { startControlApi } from './control-api.js';
import { makeSelfSignedCert } from './deps.js';
import { type RunningDns, startDnsServer } from './dns-server.js';
import { type RunningStandins, startStandins } from './passive-standins.js';
import { HOSTILE_HTTP_PRESETS, HTTP_PRESETS, TCP_PRESETS } from './presets.js';
import { type LabProtocols, startProtocolServices } from './protocols/index.js';
import { type RunningService, startService, type TlsMaterial } from './service-server.js';
import type {
  DiscoverySource,
  HostSpec,
  LabManifest,
  PlantedHost,
  PlantedService,
  PlantedWildcard,
  ProviderName,
  ServiceSpec,
} from './types.js';
import { PROVIDER_NAMES } from './types.js';
import { WeaknessLab } from './weaknesses/weakness-lab.js';
import { ZoneStore } from './zone-store.js';

export const LAB_ZONE = 'lab.didban.test';
export const LAB_AXFR_ZONE = 'zt.didban.test';
export const LAB_PROVIDER_KEY = 'lab-key-0123456789';

export interface LabOptions {
  /** First three octets of the 127/8 block for planted hosts, e.g. '127.42.0'. Random when omitted. */
  subnet?: string;
  /** Address and port of the DNS server (UDP and TCP). Port 0 = any free port. */
  dnsHost?: string;
  dnsPort?: number;
  /** Port of the control API on 127.0.0.1 (0 = any). */
  controlPort?: number;
  /** Plant the default hosts (true) or start empty and plant through the control API. */
  plantDefaults?: boolean;
  /**
   * Start the services nuclei's javascript modules reach (SSH, SMB, MSSQL, Oracle TNS, RDP, LDAP)
   * on `<subnet>.3`, each on a free port (see `lab.protocols.targets()`). Default false.
   */
  protocols?: boolean;
}

export interface LabControl {
  addHost(spec: HostSpec): Promise<PlantedHost>;
  removeHost(name: string): Promise<boolean>;
  addService(hostName: string, spec: ServiceSpec): Promise<PlantedService>;
  removeService(hostName: string, port: number): Promise<boolean>;
}

export interface Lab {
  manifest(): LabManifest;
  /** host:port of the lab resolver; pass it to the engine's `resolvers`. */
  resolver: string;
  control: LabControl;
  /** Control API base URL (same operations over HTTP). */
  controlUrl: string;
  /** Plants and fixes the public template library's weaknesses on lab web sites. */
  weaknesses: WeaknessLab;
  /** The javascript-module services, when started with `protocols: true`. */
  protocols?: LabProtocols;
  /** Query counters, for the benchmark. */
  dnsQueries(): number;
  providerHits: Record<ProviderName, number>;
  stop(): Promise<void>;
}

/** A random /24 inside 127/8 so parallel test files do not collide. */
export function randomLabSubnet(): string {
  return `127.${100 + Math.floor(Math.random() * 150)}.${1 + Math.floor(Math.random() * 250)}`;
}

function defaultPlan(s: string): {
  hosts: HostSpec[];
  wildcard: { suffix: string; ip: string; services: ServiceSpec[] };
} {
  const z = LAB_ZONE;
  return {
    hosts: [
      {
        name: z,
        ip: `${s}.10`,
        services: [
          { port: 80, kind: 'nginx-home' },
          { port: 443, kind: 'nginx-home', tls: true },
        ],
      },
      { name: `www.${z}`, cname: z },
      { name: `blog.${z}`, ip: `${s}.11`, services: [{ port: 80, kind: 'wordpress' }] },
      { name: `legacy.${z}`, cname: `blog.${z}` },
      { name: `portal.${z}`, ip: `${s}.12`, services: [{ port: 8080, kind: 'login' }] },
      { name: `secure.${z}`, ip: `${s}.13`, services: [{ port: 8443, kind: 'iis-secure', tls: true }] },
      { name: `api.${z}`, ip: `${s}.14`, services: [{ port: 3000, kind: 'express-api' }] },
      { name: `mail.${z}`, ip: `${s}.15`, services: [{ port: 25, kind: 'smtp' }] },
      { name: `dev.${z}`, ip: `${s}.16`, services: [{ port: 8000, kind: 'python-dir' }] },
      {
        name: `staging-7c1.${z}`,
        ip: `${s}.17`,
        services: [{ port: 80, kind: 'nginx-default' }],
        providers: ['crtsh', 'certspotter'],
      },
      {
        name: `vpn-eu2.${z}`,
        ip: `${s}.18`,
        services: [{ port: 443, kind: 'iis-secure', tls: true }],
        providers: ['otx', 'hackertarget'],
      },
      {
        name: `old-shop.${z}`,
        ip: `${s}.19`,
        services: [{ port: 80, kind: 'wordpress' }],
        providers: ['virustotal', 'securitytrails'],
      },
      {
        name: `hostile.${z}`,
        ip: `${s}.40`,
        services: [
          { port: 8081, kind: 'hang' },
          { port: 8888, kind: 'garbage' },
          { port: 8008, kind: 'huge-body' },
          { port: 5000, kind: 'redirect-loop' },
          { port: 444, kind: 'broken-tls' },
        ],
        providers: ['crtsh'],
      },
      // Names under the wildcard that passive sources know; discovery must fold them into one.
      { name: `jenkins.apps.${z}`, cname: undefined, providers: ['crtsh', 'virustotal'] },
      { name: `grafana.apps.${z}`, providers: ['otx'] },
      { name: LAB_AXFR_ZONE, ip: `${s}.30`, services: [{ port: 80, kind: 'intranet' }] },
      { name: `intranet-7f3k.${LAB_AXFR_ZONE}`, ip: `${s}.31`, services: [{ port: 80, kind: 'intranet' }] },
    ],
    wildcard: { suffix: `apps.${z}`, ip: `${s}.20`, services: [{ port: 80, kind: 'nginx-default' }] },
  };
}

/** Stale names passive sources report that no longer resolve. */
const STALE = [`old-vpn.${LAB_ZONE}`, `decommissioned.${LAB_ZONE}`];
const STALE_PROVIDERS: ProviderName[] = ['hackertarget', 'otx', 'crtsh'];

function planted(spec: ServiceSpec): PlantedService {
  const tcp = TCP_PRESETS[spec.kind];
  if (tcp) {
    return {
      port: spec.port,
      kind: spec.kind,
      tls: false,
      protocol: tcp.protocol,
      ...(tcp.hostile ? { hostile: tcp.hostile } : {}),
    };
  }
  const hostile = HOSTILE_HTTP_PRESETS[spec.kind];
  if (hostile)
    return {
      port: spec.port,
      kind: spec.kind,
      tls: Boolean(spec.tls),
      protocol: 'http',
      hostile: hostile.hostile,
    };
  const preset = HTTP_PRESETS[spec.kind];
  if (!preset) throw new Error(`Unknown service kind: ${spec.kind}`);
  return { port: spec.port, kind: spec.kind, tls: Boolean(spec.tls), protocol: 'http', ...preset.expect };
}

/**
 * Start the lab. Everything binds to 127.0.0.0/8; nothing is sent anywhere else.
 */
export async function startLab(options: LabOptions = {}): Promise<Lab> {
  const subnet = options.subnet ?? randomLabSubnet();
  if (!/^127\.\d{1,3}\.\d{1,3}$/.test(subnet))
    throw new Error(`subnet must look like 127.x.y, got ${subnet}`);
  const store = new ZoneStore([
    { origin: LAB_ZONE, allowAxfr: false },
    { origin: LAB_AXFR_ZONE, allowAxfr: true },
  ]);
  const hosts = new Map<string, HostSpec & { ip?: string }>();
  const services = new Map<string, RunningService>();
  let allocated = 0;
  /**
   * The next free address: .100–.254 of the subnet, then of the /24s after it (a chaos run plants
   * hundreds of sites, more than one /24 holds).
   */
  const allocateIp = () => {
    const [a, b, c] = subnet.split('.').map(Number) as [number, number, number];
    const block = Math.floor(allocated / 155);
    const last = 100 + (allocated % 155);
    allocated += 1;
    if (c + block > 255) throw new Error(`the lab subnet ${subnet} has no free address left`);
    return `${a}.${b}.${c + block}.${last}`;
  };
  let wildcard: PlantedWildcard | undefined;

  const tls: TlsMaterial = await makeSelfSignedCert(`*.${LAB_ZONE}`, [
    LAB_ZONE,
    `*.${LAB_ZONE}`,
    `*.apps.${LAB_ZONE}`,
    LAB_AXFR_ZONE,
    `*.${LAB_AXFR_ZONE}`,
  ]);

  const finalIps = (name: string, depth = 0): string[] => {
    const host = hosts.get(name);
    if (!host || depth > 8) return [];
    if (host.cname) return finalIps(host.cname, depth + 1);
    return host.ip ? [host.ip] : wildcardIp(name);
  };
  const wildcardIp = (name: string): string[] =>
    wildcard && name.endsWith(wildcard.pattern.slice(1)) ? [wildcard.ip] : [];
  const cnameChain = (name: string): string[] => {
    const chain: string[] = [];
    let current = hosts.get(name);
    while (current?.cname && chain.length < 8) {
      chain.push(current.cname);
      current = hosts.get(current.cname);
    }
    return chain;
  };
  const servicesOf = (name: string, depth = 0): ServiceSpec[] => {
    const host = hosts.get(name);
    if (!host || depth > 8) return [];
    if (host.cname) return servicesOf(host.cname, depth + 1);
    if (!host.ip && wildcard && name.endsWith(wildcard.pattern.slice(1))) return [];
    return host.services ?? [];
  };

  const sourcesOf = (host: HostSpec): DiscoverySource[] => {
    const sources: DiscoverySource[] = [];
    const zone = store.zoneOf(host.name)?.origin ?? '';
    if (host.name === LAB_ZONE || host.name === LAB_AXFR_ZONE) sources.push('root');
    const label = host.name.slice(0, -(zone.length + 1));
    if (zone === LAB_ZONE && BUNDLED_WORDLIST.includes(label)) sources.push('wordlist');
    if (zone === LAB_AXFR_ZONE && host.name !== LAB_AXFR_ZONE) sources.push('axfr');
    for (const p of host.providers ?? []) sources.push(`passive:${p}`);
    return sources;
  };

  const serviceKey = (ip: string, port: number) => `${ip}:${port}`;

  async function addService(hostName: string, spec: ServiceSpec): Promise<PlantedService> {
    const host = hosts.get(hostName);
    if (!host?.ip) throw new Error(`Host ${hostName} has no address of its own (unknown or a CNAME)`);
    const result = planted(spec);
    const running = await startService(host.ip, spec, hostName, tls);
    services.set(serviceKey(host.ip, spec.port), running);
    host.services = [...(host.services ?? []).filter((s) => s.port !== spec.port), spec];
    return result;
  }

  async function removeService(hostName: string, port: number): Promise<boolean> {
    const host = hosts.get(hostName);
    if (!host?.ip) return false;
    const running = services.get(serviceKey(host.ip, port));
    if (!running) return false;
    services.delete(serviceKey(host.ip, port));
    await running.close();
    host.services = (host.services ?? []).filter((s) => s.port !== port);
    return true;
  }

  function toPlanted(host: HostSpec): PlantedHost {
    return {
      name: host.name,
      ips: finalIps(host.name),
      cnames: cnameChain(host.name),
      services: servicesOf(host.name).map(planted),
      sources: sourcesOf(host),
      zone: store.zoneOf(host.name)?.origin ?? '',
    };
  }

  async function addHost(spec: HostSpec): Promise<PlantedHost> {
    const name = spec.name.toLowerCase();
    if (!store.zoneOf(name))
      throw new Error(`${name} is outside the lab zones (${LAB_ZONE}, ${LAB_AXFR_ZONE})`);
    if (hosts.has(name)) await removeHost(name);
    const underWildcard = wildcard && name.endsWith(wildcard.pattern.slice(1));
    const ip = spec.cname || (underWildcard && !spec.ip) ? undefined : (spec.ip ?? allocateIp());
    const host: HostSpec = { ...spec, name, ...(ip ? { ip } : {}), services: [] };
    hosts.set(name, host);
    // Names under the wildcard without their own address are answered by the wildcard itself.
    if (spec.cname) store.set(name, { a: [], aaaa: [], cname: spec.cname.toLowerCase() });
    else if (ip) store.set(name, { a: [ip], aaaa: [] });
    for (const service of spec.services ?? []) await addService(name, service);
    return toPlanted(host);
  }

  async function removeHost(name: string): Promise<boolean> {
    const host = hosts.get(name.toLowerCase());
    if (!host) return false;
    for (const s of host.services ?? []) await removeService(host.name, s.port);
    hosts.delete(host.name);
    store.delete(host.name);
    return true;
  }

  const dns: RunningDns = await startDnsServer(store, options.dnsHost ?? '127.0.0.1', options.dnsPort ?? 0);
  const knowledge = {
    namesFor(provider: ProviderName, domain: string): string[] {
      const names = [...hosts.values()]
        .filter(
          (h) => h.providers?.includes(provider) && (h.name === domain || h.name.endsWith(`.${domain}`)),
        )
        .map((h) => h.name);
      if (STALE_PROVIDERS.includes(provider)) names.push(...STALE.filter((n) => n.endsWith(`.${domain}`)));
      return names;
    },
    ipOf: (name: string) => finalIps(name)[0],
  };
  // On an address of the lab's own /24 (.2; planted hosts use .10 and up): a built-in worker
  // allowed into the lab's range only (DIDBAN_BUILTIN_WORKER_ALLOW) reaches the passive sources too.
  const standins: RunningStandins = await startStandins(knowledge, `${subnet}.2`, LAB_PROVIDER_KEY);

  const stopAll = async () => {
    await Promise.all([...services.values()].map((s) => s.close()));
    services.clear();
    await Promise.all([dns.close(), standins.close()]);
  };

  const wildcardServices: RunningService[] = [];
  try {
    if (options.plantDefaults !== false) {
      const plan = defaultPlan(subnet);
      wildcard = {
        pattern: `*.${plan.wildcard.suffix}`,
        ip: plan.wildcard.ip,
        services: plan.wildcard.services.map(planted),
      };
      store.setWildcard(plan.wildcard.suffix, { a: [plan.wildcard.ip], aaaa: [] });
      for (const spec of plan.wildcard.services) {
        wildcardServices.push(
          await startService(plan.wildcard.ip, spec, `wildcard.${plan.wildcard.suffix}`, tls),
        );
      }
      for (const host of plan.hosts) await addHost(host);
    }
  } catch (error) {
    await stopAll();
    await Promise.all(wildcardServices.map((s) => s.close()));
    throw error;
  }

  let protocols: LabProtocols | undefined;
  if (options.protocols) {
    try {
      protocols = await startProtocolServices(`${subnet}.3`);
    } catch (error) {
      await stopAll();
      await Promise.all(wildcardServices.map((s) => s.close()));
      throw error;
    }
  }

  const control: LabControl = { addHost, removeHost, addService, removeService };

  const manifest = (): LabManifest => {
    const base = standins.baseUrl;
    return {
      zone: LAB_ZONE,
      axfrZone: LAB_AXFR_ZONE,
      resolver: `${dns.host}:${dns.port}`,
      control: controlApi.url,
      providers: Object.fromEntries(PROVIDER_NAMES.map((p) => [p, `${base}/${p}`])) as Record<
        ProviderName,
        string
      >,
      providerKey: LAB_PROVIDER_KEY,
      subnet,
      hosts: [...hosts.values()].map(toPlanted),
      wildcards: wildcard ? [wildcard] : [],
      staleNames: [...STALE],
    };
  };

  const weaknesses = new WeaknessLab(control);
  const controlApi = await startControlApi(
    control,
    manifest,
    options.controlPort ?? 0,
    weaknesses.handleControl,
  );

  return {
    manifest,
    resolver: `${dns.host}:${dns.port}`,
    control,
    weaknesses,
    controlUrl: controlApi.url,
    ...(protocols ? { protocols } : {}),
    dnsQueries: dns.queries,
    providerHits: standins.hits,
    stop: async () => {
      await controlApi.close();
      await weaknesses.stop();
      await Promise.all(wildcardServices.map((s) => s.close()));
      await protocols?.stop();
      await stopAll();
    },
  };
}
