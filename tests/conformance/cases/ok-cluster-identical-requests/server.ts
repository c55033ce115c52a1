import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  let requests = 0;
  const url = await h.http((_req, res) => {
    requests++;
    res.writeHead(200);
    res.end('marker-1 marker-2 marker-3 marker-4 marker-5');
  });
  // Five templates send the same GET /: nuclei's clustering sends it once and shares the response.
  return { targets: [url], verify: () => expect(requests).toBe(1) };
}
