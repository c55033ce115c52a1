import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.end(req.url === '/user/admin/pass/secret' ? 'valid credentials' : 'nope');
  });
  return {
    targets: [url],
    verify: () =>
      expect(seen.sort()).toEqual([
        '/user/admin/pass/guest',
        '/user/admin/pass/secret',
        '/user/guest/pass/guest',
        '/user/guest/pass/secret',
      ]),
  };
}
