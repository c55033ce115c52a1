import { expect } from 'vitest';
import { type CaseSetup, callOast, type Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const oast = await h.oast();
  const hosts: string[] = [];
  const address = await h.tcp((socket) =>
    socket.on('data', (d) => {
      const m = /^NOTIFY (\S+) (\S+)\r\n/.exec(d.toString('latin1'));
      if (!m) return;
      hosts.push(m[1]!, m[2]!);
      socket.write('OK');
      // A blind callback: to the second host only, so the first one's registration is not enough.
      callOast(oast.port, m[2]!);
    }),
  );
  return {
    targets: [address],
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
