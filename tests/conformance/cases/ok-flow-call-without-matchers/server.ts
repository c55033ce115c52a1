import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200);
    if (req.url === '/login') res.end('token=abc123');
    else if (req.url === '/admin?token=abc123') res.end('welcome admin');
    else res.end('pong');
  });
  return {
    targets: [url],
    // The extractor-only and the operator-less calls are true, so the flow reaches the third request.
    verify: () => expect(seen).toEqual(['/login', '/ping', '/admin?token=abc123']),
  };
}
