import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProvider } from '../../src/discovery/subdomains/passive/run-providers.js';
import { closedPort, type Lab, type LabManifest, startLab } from './helpers.js';

let lab: Lab;
let manifest: LabManifest;
let hanging: http.Server;
let hangingUrl: string;
beforeAll(async () => {
  lab = await startLab();
  manifest = lab.manifest();
  hanging = http.createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
}, 30_000);
afterAll(async () => {
  hanging?.closeAllConnections();
  hanging?.close();
  await lab?.stop();
});

const Z = 'lab.didban.test';
const names = (provider: keyof LabManifest['providers']) =>
  manifest.hosts.filter((h) => h.sources.includes(`passive:${provider}`)).map((h) => h.name);

describe('passive providers against stand-ins in their real formats', () => {
  it.each(['crtsh', 'certspotter', 'hackertarget', 'otx', 'virustotal', 'securitytrails'] as const)(
    '%s returns the names it knows, normalised and in scope',
    async (provider) => {
      const outcome = await runProvider(
        { name: provider, baseUrl: manifest.providers[provider], apiKey: manifest.providerKey },
        Z,
        5000,
      );
      expect(outcome.status).toBe('ok');
      const expected = [...names(provider)];
      // crt.sh lists the wildcard certificate name (normalised to the zone itself) and CertSpotter
      // the zone among each certificate's dns_names, as the real services do.
      if (provider === 'crtsh' || provider === 'certspotter') expected.push(Z);
      if (['crtsh', 'hackertarget', 'otx'].includes(provider)) expected.push(...manifest.staleNames);
      expect(outcome.names).toEqual([...new Set(expected)].sort());
      expect(lab.providerHits[provider]).toBeGreaterThan(0);
    },
  );

  it('follows VirusTotal cursor pages', async () => {
    const before = lab.providerHits.virustotal;
    const outcome = await runProvider(
      { name: 'virustotal', baseUrl: manifest.providers.virustotal, apiKey: manifest.providerKey },
      Z,
      5000,
    );
    // The stand-in serves one name per page.
    expect(outcome.names).toEqual(names('virustotal').sort());
    expect(outcome.names.length).toBeGreaterThanOrEqual(2);
    expect(lab.providerHits.virustotal - before).toBe(outcome.names.length);
  });

  it('skips keyed providers without a key, and records a rejected key', async () => {
    expect(
      await runProvider({ name: 'virustotal', baseUrl: manifest.providers.virustotal }, Z, 5000),
    ).toMatchObject({
      status: 'skipped',
      reason: 'no API key configured',
    });
    expect(
      await runProvider(
        { name: 'securitytrails', baseUrl: manifest.providers.securitytrails, apiKey: 'wrong' },
        Z,
        5000,
      ),
    ).toMatchObject({
      status: 'skipped',
      reason: 'API key rejected (HTTP 403)',
    });
  });

  it('skips an unreachable provider with the reason', async () => {
    const outcome = await runProvider(
      { name: 'crtsh', baseUrl: `http://127.0.0.1:${await closedPort()}` },
      Z,
      5000,
    );
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'unreachable (ECONNREFUSED)', names: [] });
  });

  it('gives up on a provider that hangs at its time limit', async () => {
    const started = performance.now();
    const outcome = await runProvider({ name: 'otx', baseUrl: hangingUrl, timeoutMs: 300 }, Z, 30_000);
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'timed out after 300 ms' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
