import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  // What an operator sets for a scanner behind NAT; the engine never asks an outside service.
  const previous = process.env.DIDBAN_ENGINE_PUBLIC_IP;
  process.env.DIDBAN_ENGINE_PUBLIC_IP = '203.0.113.7';
  const url = await h.http((req, res) => {
    res.writeHead(200);
    res.end(`address ${req.headers['x-client-address']} recorded`);
  });
  return {
    targets: [url],
    verify: () => {
      if (previous === undefined) delete process.env.DIDBAN_ENGINE_PUBLIC_IP;
      else process.env.DIDBAN_ENGINE_PUBLIC_IP = previous;
    },
  };
}
