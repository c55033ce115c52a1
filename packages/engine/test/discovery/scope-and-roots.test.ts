import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoveryInputError, discover } from '../../src/discovery/discover.js';
import { createScope } from '../../src/discovery/scope.js';
import type { DiscoveredAsset, DiscoveryRecord } from '../../src/discovery/types.js';
import { collect, type Lab, startLab } from './helpers.js';

let lab: Lab;
beforeAll(async () => {
  lab = await startLab();
}, 30_000);
afterAll(async () => {
  await lab?.stop();
});

const assetsOf = (records: DiscoveryRecord[]) =>
  records
    .filter((r): r is DiscoveredAsset => r.type === 'asset')
    .map((a) => `${a.host}:${a.port}`)
    .sort();

// Short, yet enough for a lab on loopback while CI runs other test files beside this one (at
// 500 ms lookups and connects a loaded CI run lost a planted port now and then).
const fast = { httpMs: 4000, connectMs: 2000, dnsMs: 2000 };

describe('autoDiscovery: false', () => {
  it('probes only the given roots, with no subdomain enumeration', async () => {
    const records = await collect(
      discover({
        roots: ['blog.lab.didban.test', 'www.lab.didban.test'],
        autoDiscovery: false,
        resolvers: [lab.resolver],
        ports: '80,443',
        timeouts: fast,
      }),
    );
    expect(assetsOf(records)).toEqual([
      'blog.lab.didban.test:80',
      'www.lab.didban.test:443',
      'www.lab.didban.test:80',
    ]);
    expect(records.some((r) => r.type === 'provider' || r.type === 'axfr' || r.type === 'wildcard')).toBe(
      false,
    );
  });

  it('probes IP roots and expands CIDR roots', async () => {
    const { subnet } = lab.manifest();
    const records = await collect(
      discover({
        roots: [`${subnet}.14`, `${subnet}.10/31`],
        autoDiscovery: false,
        ports: '80,3000',
        timeouts: fast,
      }),
    );
    expect(assetsOf(records)).toEqual([`${subnet}.10:80`, `${subnet}.11:80`, `${subnet}.14:3000`]);
    const cidrAsset = records.find(
      (r): r is DiscoveredAsset => r.type === 'asset' && r.host === `${subnet}.11`,
    );
    expect(cidrAsset).toMatchObject({ isRoot: false, root: `${subnet}.10/31`, sources: ['cidr'] });
    expect(cidrAsset?.http?.title).toBe('Didban Lab Blog – Just another WordPress site');
  });

  it('applies include and exclude scope patterns', async () => {
    const records = await collect(
      discover({
        roots: ['lab.didban.test'],
        resolvers: [lab.resolver],
        ports: '80,8080',
        scope: { exclude: ['blog.lab.didban.test', `${lab.manifest().subnet}.12`] },
        wordlist: ['blog', 'portal', 'dev', 'legacy'],
        timeouts: fast,
      }),
    );
    // legacy is a CNAME to blog: excluding the name blog does not exclude legacy.
    expect(assetsOf(records)).toEqual(['lab.didban.test:80', 'legacy.lab.didban.test:80']);
  });
});

describe('wildcard zones', () => {
  it('folds a whole brute force under a wildcard into one asset', async () => {
    const records = await collect(
      discover({ roots: ['apps.lab.didban.test'], resolvers: [lab.resolver], ports: '80', timeouts: fast }),
    );
    // Every one of the ~300 wordlist names resolves (it is a wildcard), yet one asset comes out.
    expect(assetsOf(records)).toEqual(['*.apps.lab.didban.test:80']);
    const wildcard = records.find((r) => r.type === 'wildcard');
    expect(wildcard?.type === 'wildcard' && wildcard.suppressed).toBeGreaterThan(250);
  });
});

describe('input validation', () => {
  it('rejects invalid roots with the core messages in both languages', async () => {
    const run = collect(discover({ roots: ['lab.didban.test', 'not a host'], resolvers: [lab.resolver] }));
    await expect(run).rejects.toBeInstanceOf(DiscoveryInputError);
    await expect(run).rejects.toMatchObject({
      messages: [expect.objectContaining({ en: 'not a host is not a valid domain or IP/CIDR.' })],
    });
  });

  it('caps CIDR expansion', async () => {
    const run = collect(discover({ roots: ['127.0.0.0/8'] }));
    await expect(run).rejects.toThrow(/at most 65536 addresses/);
  });

  it('rejects an empty custom port list', async () => {
    await expect(collect(discover({ roots: ['127.0.0.1'], ports: ' ' }))).rejects.toThrow(
      'Custom ports cannot be empty.',
    );
  });
});

describe('createScope', () => {
  it('matches exact names, wildcard suffixes and address ranges', () => {
    const inScope = createScope({ include: ['*.example.com', '10.0.0.0/24'], exclude: ['bad.example.com'] });
    expect(inScope('a.b.example.com')).toBe(true);
    expect(inScope('example.com')).toBe(false);
    expect(inScope('bad.example.com')).toBe(false);
    expect(inScope('other.org', ['10.0.0.9'])).toBe(true);
    expect(inScope('other.org', ['10.0.1.9'])).toBe(false);
  });
});
