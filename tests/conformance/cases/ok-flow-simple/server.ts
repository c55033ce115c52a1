import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200);
    res.end(req.url === '/first' ? 'step one' : req.url === '/third' ? 'step three' : 'other');
  });
  return {
    targets: [url],
    // `||` short-circuits: http(3) matched, so http(2) is never sent.
    verify: () => expect(seen).toEqual(['/first', '/third']),
  };
}
