import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub } from '../../../tests/conformance/harness/dns-stub.js';
import { routeLookupsThrough } from '../src/resolver-lookup.js';

let stub: Awaited<ReturnType<typeof startDnsStub>>;
// The stub reads this list at every query: a record pushed later is answered from then on.
const records = [
  { name: 'app.lookup.didban.test', type: 'A', data: '127.0.0.41' },
  { name: 'api.lookup.didban.test', type: 'A', data: '127.0.0.42' },
];
beforeAll(async () => {
  stub = await startDnsStub(records);
  routeLookupsThrough([stub.resolver]);
});
afterAll(() => stub.close());

const lookup = (host: string) =>
  new Promise<string>((resolve, reject) =>
    dns.lookup(host, {}, (error, address) => (error ? reject(error) : resolve(address as string))),
  );

describe("a worker's --resolver for template runs", () => {
  it('answers host names from its resolvers, asking once for lookups that overlap or repeat', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => lookup('app.lookup.didban.test')),
      ...Array.from({ length: 10 }, () => lookup('api.lookup.didban.test')),
    ]);
    expect(new Set(answers)).toEqual(new Set(['127.0.0.41', '127.0.0.42']));
    expect(answers.filter((a) => a === '127.0.0.41')).toHaveLength(40);
    expect(await lookup('app.lookup.didban.test')).toBe('127.0.0.41');
    expect([...stub.queries].sort()).toEqual(['A api.lookup.didban.test', 'A app.lookup.didban.test']);
  });

  it('falls back to the system for names its resolvers do not know', async () => {
    expect(await lookup('localhost')).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(lookup('missing.lookup.didban.test')).rejects.toMatchObject({ code: expect.any(String) });
    expect(stub.queries).toContain('A missing.lookup.didban.test');
  });

  it('keeps a bounded number of answers, dropping the least recently used first', async () => {
    records.push(
      { name: 'one.lru.didban.test', type: 'A', data: '127.0.0.51' },
      { name: 'two.lru.didban.test', type: 'A', data: '127.0.0.52' },
      { name: 'three.lru.didban.test', type: 'A', data: '127.0.0.53' },
    );
    routeLookupsThrough([stub.resolver], { cacheMax: 2 });
    const asked = (name: string) => stub.queries.filter((q) => q === `A ${name}`).length;
    try {
      await lookup('one.lru.didban.test');
      await lookup('two.lru.didban.test');
      await lookup('one.lru.didban.test'); // a hit: `one` is now the most recently used
      await lookup('three.lru.didban.test'); // full: `two`, the least recently used, goes
      expect(await lookup('one.lru.didban.test')).toBe('127.0.0.51');
      expect(asked('one.lru.didban.test')).toBe(1);
      expect(await lookup('two.lru.didban.test')).toBe('127.0.0.52');
      expect(asked('two.lru.didban.test')).toBe(2);
    } finally {
      routeLookupsThrough([stub.resolver], { cacheMax: 20_000 });
    }
  });

  it('asks again after no answer instead of keeping it', async () => {
    await expect(lookup('late.lookup.didban.test')).rejects.toMatchObject({ code: expect.any(String) });
    records.push({ name: 'late.lookup.didban.test', type: 'A', data: '127.0.0.43' });
    expect(await lookup('late.lookup.didban.test')).toBe('127.0.0.43');
  });
});
