import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200);
    res.end(req.url === '/probe' ? 'probe ok' : (req.url ?? '').slice(1));
  });
  return {
    targets: [url],
    // http("probe") by id, http(3) by 1-based index, then http() runs all three in order.
    verify: () => expect(seen).toEqual(['/probe', '/third', '/probe', '/second', '/third']),
  };
}
