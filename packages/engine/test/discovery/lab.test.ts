import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerData } from '../../src/discovery/dns/packet.js';
import { DnsResolver, tcpQuery } from '../../src/discovery/dns/resolver.js';
import { type Lab, startLab } from './helpers.js';

// The lab is test infrastructure; these check the promises other tests rely on.
let lab: Lab;
let dns: DnsResolver;
beforeAll(async () => {
  lab = await startLab();
  dns = new DnsResolver({ servers: [lab.resolver], timeoutMs: 500, retries: 1 });
}, 30_000);
afterAll(async () => {
  dns?.close();
  await lab?.stop();
});

describe('lab', () => {
  it('plants hosts on 127.x addresses only, each resolving as its manifest says', async () => {
    const manifest = lab.manifest();
    expect(manifest.resolver).toBe(lab.resolver);
    expect(manifest.hosts.length).toBeGreaterThanOrEqual(15);
    for (const host of manifest.hosts) {
      for (const ip of host.ips) expect(ip.startsWith('127.')).toBe(true);
      const resolved = await dns.resolveHost(host.name);
      expect(resolved.a, host.name).toEqual(host.ips);
      expect(resolved.cnames, host.name).toEqual(host.cnames);
    }
  });

  it('answers over TCP as well as UDP', async () => {
    const [host, port] = lab.resolver.split(':');
    const [reply] = await tcpQuery(
      'blog.lab.didban.test',
      'A',
      { host: host ?? '', port: Number(port) },
      1000,
    );
    expect(reply?.answers?.map(answerData)).toEqual([`${lab.manifest().subnet}.11`]);
  });

  it('is authoritative for its zones only', async () => {
    expect((await dns.query('blog.lab.didban.test', 'SOA')).rcode).toBe('NOERROR');
    const soa = await dns.query('lab.didban.test', 'SOA');
    expect(soa.answers[0]?.type).toBe('SOA');
    expect((await dns.query('www.example.org', 'A')).rcode).toBe('REFUSED');
  });

  it('describes hostile services and how each host can be found', () => {
    const manifest = lab.manifest();
    const hostile = manifest.hosts.find((h) => h.name === 'hostile.lab.didban.test');
    expect(hostile?.services.map((s) => s.hostile).sort()).toEqual([
      'broken-tls',
      'garbage',
      'hang',
      'huge-body',
      'redirect-loop',
    ]);
    expect(manifest.hosts.find((h) => h.name === 'intranet-7f3k.zt.didban.test')?.sources).toEqual(['axfr']);
    expect(manifest.hosts.find((h) => h.name === 'blog.lab.didban.test')?.sources).toEqual(['wordlist']);
    expect(manifest.wildcards).toEqual([
      expect.objectContaining({
        pattern: '*.apps.lab.didban.test',
        services: [expect.objectContaining({ port: 80, title: 'Welcome to nginx!' })],
      }),
    ]);
  });

  it('stops DNS answers for a removed host', async () => {
    await lab.control.addHost({ name: 'temp.lab.didban.test' });
    expect((await dns.resolveHost('temp.lab.didban.test')).empty).toBe(false);
    await lab.control.removeHost('temp.lab.didban.test');
    expect((await dns.resolveHost('temp.lab.didban.test')).empty).toBe(true);
  });
});
