import { expect } from 'vitest';
import { type CaseSetup, callOast, type Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const oast = await h.oast();
  const hosts: string[] = [];
  const url = await h.http((req, res) => {
    const primary = new URL(req.url ?? '/', 'http://x').searchParams.get('primary');
    const header = req.headers['x-callback'];
    if (primary && typeof header === 'string') {
      hosts.push(primary, header);
      // A blind callback to the header's host only: the path's registration is not enough.
      callOast(oast.port, header);
    }
    res.end('ok');
  });
  return {
    targets: [url],
    options: {
      interactsh: {
        serverUrl: oast.serverUrl,
        domain: 'oast.didban.test',
        pollIntervalMs: 100,
        cooldownMs: 1000,
      },
    },
    verify: () => {
      expect(hosts).toHaveLength(2);
      expect(hosts[0]).not.toBe(hosts[1]);
      for (const host of hosts) expect(host).toMatch(/^[a-z0-9]{33}\.oast\.didban\.test$/);
      expect(oast.interactions).toBe(1);
    },
  };
}
