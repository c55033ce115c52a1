import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  let agent: string | undefined = 'unset';
  const url = await h.http((req, res) => {
    agent = req.headers['user-agent'];
    const dup = req.rawHeaders.filter((v, i) => i % 2 === 0 && v === 'X-Dup').length;
    res.end(dup === 2 ? 'both duplicates arrived' : `dup=${dup}`);
  });
  return { targets: [url], verify: () => expect(agent).toBeUndefined() };
}
