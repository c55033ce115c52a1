import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVICON_PNG } from '../../../../scripts/lab/src/presets.js';
import { discover } from '../../src/discovery/discover.js';
import { faviconHash } from '../../src/discovery/http/favicon-hash.js';
import { detectTechnologies } from '../../src/discovery/technologies/detect.js';
import type { DiscoveredAsset, DiscoveryEvent, DiscoveryRecord } from '../../src/discovery/types.js';
import {
  closedPort,
  collect,
  type Lab,
  type LabManifest,
  labProviders,
  plantedPorts,
  startLab,
} from './helpers.js';

// One full discovery of the default lab; every test below reads its output.
let lab: Lab;
let manifest: LabManifest;
let records: DiscoveryRecord[];
let assets: DiscoveredAsset[];
let events: DiscoveryEvent[];
let elapsedMs: number;
let deadPort: number;

const asset = (host: string, port: number) => assets.find((a) => a.host === host && a.port === port);

beforeAll(async () => {
  lab = await startLab();
  manifest = lab.manifest();
  deadPort = await closedPort();
  // The technology rules load once, synchronously, at their first use: on a busy CI machine that
  // held the event loop for seconds while the redirect loop's next hop was in flight, and its
  // timer fired first (reported as a timeout). Loaded here, outside the timed discovery.
  await detectTechnologies({ url: 'http://warm.test/', headers: {}, html: '' }, 120_000);
  const started = performance.now();
  records = await collect(
    discover({
      roots: [manifest.zone, manifest.axfrZone],
      resolvers: [lab.resolver],
      ports: plantedPorts(manifest),
      providers: [
        ...labProviders(manifest),
        { name: 'hackertarget', baseUrl: `http://127.0.0.1:${deadPort}` },
        { name: 'securitytrails', baseUrl: manifest.providers.securitytrails },
      ],
      // Short limits keep the hostile services (a hanging one costs two timeouts) quick, yet long
      // enough for the redirect loop's whole chain on a CI machine running other test files (at 4 s
      // a loaded CI run saw the loop as a timeout); the lab's DNS server answers from this same
      // busy process, so lookups and connects get 3 s (at 1 s, CI runs lost a host or port).
      timeouts: { httpMs: 6000, connectMs: 3000, dnsMs: 3000 },
    }),
  );
  elapsedMs = performance.now() - started;
  assets = records.filter((r): r is DiscoveredAsset => r.type === 'asset');
  events = records.filter((r): r is DiscoveryEvent => r.type !== 'asset');
}, 60_000);

afterAll(async () => {
  await lab?.stop();
});

describe('discover() against the lab', () => {
  it('finds every planted host and port with its title, status, server and technologies', () => {
    const underWildcard = (name: string) => manifest.wildcards.some((w) => name.endsWith(w.pattern.slice(1)));
    let checked = 0;
    for (const host of manifest.hosts) {
      if (underWildcard(host.name)) continue;
      for (const service of host.services) {
        const found = asset(host.name, service.port);
        expect(found, `${host.name}:${service.port}`).toBeDefined();
        expect(found?.ips).toEqual(host.ips);
        expect(found?.cnames).toEqual(host.cnames);
        if (service.hostile) continue;
        if (service.protocol !== 'http') {
          expect(found?.service).toBe(service.protocol);
          continue;
        }
        expect(found?.service).toBe(service.tls ? 'https' : 'http');
        expect(found?.http?.status).toBe(service.status);
        expect(found?.http?.title).toBe(service.title);
        expect(found?.http?.server ?? '').toBe(service.server);
        for (const tech of service.technologies ?? []) {
          const detected = found?.technologies.find((t) => t.name === tech.name);
          expect(detected, `${tech.name} on ${host.name}:${service.port}`).toBeDefined();
          if (tech.version) expect(detected?.version).toBe(tech.version);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('reports each host and port once', () => {
    const keys = assets.map((a) => `${a.host}:${a.port}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reports the wildcard zone once instead of one host per name', () => {
    const [wildcard] = manifest.wildcards;
    const apps = assets.filter((a) => a.host.endsWith('.apps.lab.didban.test'));
    expect(apps.map((a) => `${a.host}:${a.port}`)).toEqual([`${wildcard?.pattern}:80`]);
    expect(apps[0]).toMatchObject({ wildcard: true, ips: [wildcard?.ip] });
    expect(apps[0]?.http?.title).toBe('Welcome to nginx!');
    const event = events.find((e) => e.type === 'wildcard');
    expect(event).toMatchObject({ domain: 'apps.lab.didban.test', ips: [wildcard?.ip] });
    // jenkins.apps and grafana.apps come from passive sources and are folded into the wildcard.
    expect(event?.type === 'wildcard' && event.suppressed).toBeGreaterThanOrEqual(2);
  });

  it('records how each host was found', () => {
    expect(asset('intranet-7f3k.zt.didban.test', 80)?.sources).toEqual(['axfr']);
    expect(asset('staging-7c1.lab.didban.test', 80)?.sources).toEqual([
      'passive:certspotter',
      'passive:crtsh',
    ]);
    expect(asset('old-shop.lab.didban.test', 80)?.sources).toEqual([
      'passive:securitytrails',
      'passive:virustotal',
    ]);
    expect(asset('blog.lab.didban.test', 80)?.sources).toContain('wordlist');
    expect(asset('lab.didban.test', 80)).toMatchObject({ isRoot: true, root: 'lab.didban.test' });
    expect(asset('blog.lab.didban.test', 80)).toMatchObject({ isRoot: false, root: 'lab.didban.test' });
  });

  it('drops names passive sources report that no longer resolve', () => {
    for (const stale of manifest.staleNames) expect(assets.some((a) => a.host === stale)).toBe(false);
  });

  it('records hostile services as such', () => {
    const hostile = manifest.hosts.find((h) => h.name.startsWith('hostile.'));
    const expected = {
      hang: 'timeout',
      garbage: 'binary-garbage',
      'huge-body': 'body-truncated',
      'redirect-loop': 'redirect-loop',
      'broken-tls': 'tls-handshake-failed',
    } as const;
    expect(hostile?.services).toHaveLength(5);
    for (const service of hostile?.services ?? []) {
      const found = asset(hostile?.name ?? '', service.port);
      expect(found?.anomalies, service.kind).toContain(expected[service.hostile as keyof typeof expected]);
    }
    const huge = asset(hostile?.name ?? '', 8008);
    expect(huge?.http?.contentLength).toBe(1024 ** 3);
    expect(huge?.http?.bodyTruncated).toBe(true);
    expect(asset(hostile?.name ?? '', 5000)?.http?.redirectChain.map((r) => new URL(r.url).pathname)).toEqual(
      ['/', '/a', '/b'],
    );
  });

  it('is not stalled by hostile services', () => {
    // Two 6 s timeouts for the hanging port are the longest wait; everything runs concurrently,
    // so the whole discovery stays well under 30 s even on a busy machine.
    expect(elapsedMs).toBeLessThan(30_000);
    expect(events.at(-1)).toMatchObject({ type: 'done', cancelled: false });
  });

  it('collects TLS facts, favicon hash, headers and the start of the body', () => {
    const secure = asset('secure.lab.didban.test', 8443);
    expect(secure?.http?.tls).toMatchObject({
      selfSigned: true,
      subjectCN: '*.lab.didban.test',
      subjectOrg: 'Didban Lab',
    });
    expect(secure?.http?.tls?.sans).toContain('*.apps.lab.didban.test');
    expect(secure?.http?.tls?.verificationError).toBeTruthy();
    const home = asset('lab.didban.test', 80);
    expect(home?.http?.faviconHash).toBe(faviconHash(FAVICON_PNG));
    expect(home?.http?.headers.server).toBe('nginx/1.25.3');
    expect(home?.http?.bodyStart).toContain('<h1>Didban Lab</h1>');
    expect(home?.http?.finalUrl).toBe('http://lab.didban.test/');
    expect(home?.http?.contentType).toBe('text/html; charset=utf-8');
  });

  it('gives technologies their categories, website, description and a default icon', () => {
    const wordpress = asset('blog.lab.didban.test', 80)?.technologies.find((t) => t.name === 'WordPress');
    expect(wordpress?.categories.map((c) => c.name)).toContain('CMS');
    expect(wordpress?.website).toBe('https://wordpress.org');
    expect(wordpress?.description).toMatch(/content management system/);
    expect(wordpress?.icon.name).toBe('WordPress.svg');
    expect(wordpress?.icon.src).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('records skipped passive sources with a reason', () => {
    const providers = events.flatMap((e) =>
      e.type === 'provider' && e.domain === 'lab.didban.test' ? [e] : [],
    );
    expect(providers.filter((e) => e.status === 'ok').map((e) => e.provider)).toEqual(
      expect.arrayContaining(['crtsh', 'certspotter', 'hackertarget', 'otx', 'virustotal', 'securitytrails']),
    );
    const skipped = providers.filter((e) => e.status === 'skipped');
    expect(skipped.map((e) => [e.provider, e.reason])).toEqual(
      expect.arrayContaining([
        ['hackertarget', expect.stringMatching(/unreachable/)],
        ['securitytrails', 'no API key configured'],
      ]),
    );
  });

  it('reports the zone transfer attempts', () => {
    const axfr = events.filter((e) => e.type === 'axfr');
    expect(axfr).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ zone: 'lab.didban.test', status: 'refused' }),
        expect.objectContaining({ zone: 'zt.didban.test', status: 'transferred', count: 2 }),
      ]),
    );
  });
});
