import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const ok = ['admin:guest', 'admin:password'].map((c) => `Basic ${Buffer.from(c).toString('base64')}`);
  const url = await h.http((req, res) => {
    seen.push(req.headers.authorization ?? '');
    res.end(ok.includes(req.headers.authorization ?? '') ? 'authorized' : 'denied');
  });
  return { targets: [url], verify: () => expect(seen.sort()).toEqual(ok.sort()) };
}
