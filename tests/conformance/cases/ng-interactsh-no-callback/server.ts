import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const oast = await h.oast();
  const url = await h.http((_req, res) => res.end('fetched nothing'));
  return {
    targets: [url],
    options: {
      interactsh: {
        serverUrl: oast.serverUrl,
        domain: 'oast.didban.test',
        pollIntervalMs: 100,
        cooldownMs: 500,
      },
    },
  };
}
