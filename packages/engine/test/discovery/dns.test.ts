import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAxfr } from '../../src/discovery/dns/axfr.js';
import { DnsResolver, parseServer } from '../../src/discovery/dns/resolver.js';
import { detectWildcard, matchesWildcard } from '../../src/discovery/dns/wildcard.js';
import { closedPort, type Lab, startLab } from './helpers.js';

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

describe('DnsResolver', () => {
  it('resolves A records', async () => {
    const host = await dns.resolveHost('blog.lab.didban.test');
    expect(host).toEqual({
      name: 'blog.lab.didban.test',
      a: [`${lab.manifest().subnet}.11`],
      aaaa: [],
      cnames: [],
      empty: false,
    });
  });

  it('follows CNAME chains', async () => {
    const host = await dns.resolveHost('legacy.lab.didban.test');
    expect(host.cnames).toEqual(['blog.lab.didban.test']);
    expect(host.a).toEqual([`${lab.manifest().subnet}.11`]);
  });

  it('treats NXDOMAIN and REFUSED as empty answers, not errors', async () => {
    expect((await dns.resolveHost('missing.lab.didban.test')).empty).toBe(true);
    expect(await dns.query('missing.lab.didban.test', 'A')).toMatchObject({ rcode: 'NXDOMAIN', answers: [] });
    expect(await dns.query('example.com', 'A')).toMatchObject({ rcode: 'REFUSED' });
  });

  it('retries, then gives up on a resolver that never answers', async () => {
    const dead = new DnsResolver({
      servers: [`127.0.0.1:${await closedPort()}`],
      timeoutMs: 150,
      retries: 2,
    });
    const started = performance.now();
    await expect(dead.query('blog.lab.didban.test', 'A')).rejects.toThrow(/timed out/);
    // Three attempts of 150 ms each.
    expect(performance.now() - started).toBeGreaterThanOrEqual(430);
    expect((await dead.resolveHost('blog.lab.didban.test')).empty).toBe(true);
    dead.close();
  });

  it('falls over to the next resolver', async () => {
    const mixed = new DnsResolver({
      servers: [`127.0.0.1:${await closedPort()}`, lab.resolver],
      timeoutMs: 200,
      retries: 1,
    });
    expect((await mixed.resolveHost('api.lab.didban.test')).a).toEqual([`${lab.manifest().subnet}.14`]);
    mixed.close();
  });

  it('parses resolver addresses', () => {
    expect(parseServer('127.0.0.1:5353')).toEqual({ host: '127.0.0.1', port: 5353 });
    expect(parseServer('[::1]:53')).toEqual({ host: '::1', port: 53 });
    expect(parseServer('127.0.0.1')).toEqual({ host: '127.0.0.1', port: 53 });
  });
});

describe('attemptAxfr', () => {
  it('transfers a zone that allows it', async () => {
    const result = await attemptAxfr('zt.didban.test', lab.resolver, 2000);
    expect(result).toMatchObject({
      status: 'transferred',
      names: ['intranet-7f3k.zt.didban.test', 'zt.didban.test'],
    });
  });

  it('records a refusal', async () => {
    expect(await attemptAxfr('lab.didban.test', lab.resolver, 2000)).toMatchObject({
      status: 'refused',
      names: [],
    });
  });

  it('records an unreachable server as failed', async () => {
    const result = await attemptAxfr('zt.didban.test', `127.0.0.1:${await closedPort()}`, 2000);
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/ECONNREFUSED/);
  });
});

describe('detectWildcard', () => {
  it('detects the wildcard sub-zone and not the main zone', async () => {
    const wildcard = await detectWildcard(dns, 'apps.lab.didban.test');
    expect(wildcard).toMatchObject({
      domain: 'apps.lab.didban.test',
      ips: [lab.manifest().wildcards[0]?.ip],
    });
    expect(wildcard?.sampleName).toMatch(/^didban-[0-9a-f]{12}\.apps\.lab\.didban\.test$/);
    expect(await detectWildcard(dns, 'lab.didban.test')).toBeUndefined();
  });

  it('tells wildcard answers from real hosts', () => {
    const wildcard = { domain: 'x.test', ips: ['127.0.0.20'], sampleName: 'r.x.test' };
    expect(matchesWildcard(['127.0.0.20'], wildcard)).toBe(true);
    expect(matchesWildcard(['127.0.0.21'], wildcard)).toBe(false);
  });
});
