import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200);
    res.end(req.url === '/gate' ? 'closed' : 'value');
  });
  return { targets: [url], verify: () => expect(seen).toEqual(['/gate', '/v/x', '/v/y']) };
}
