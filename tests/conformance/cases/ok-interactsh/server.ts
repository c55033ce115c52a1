import { expect } from 'vitest';
import { type CaseSetup, callOast, type Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const oast = await h.oast();
  const url = await h.http((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('url') ?? '';
    // A vulnerable fetch: the OAST host is resolved to the local OAST server.
    callOast(oast.port, new URL(target).hostname);
    res.end('fetched');
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
    verify: () => expect(oast.interactions).toBe(1),
  };
}
