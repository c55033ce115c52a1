import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push((req.url ?? '').split('/')[2] ?? '');
    res.end(req.url?.startsWith('/b/') ? 'second' : 'first');
  });
  return {
    targets: [url],
    verify: () => {
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(seen[1]).toBe(seen[0]);
    },
  };
}
