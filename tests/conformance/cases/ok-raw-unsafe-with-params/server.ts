import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    res.end(
      q.getAll('key1').length === 1 && q.getAll('key2').length === 1
        ? 'Test is test raw-params-matcher text'
        : 'no',
    );
  });
  return {
    targets: [`${url}/?key1=value1`],
    verify: () => expect(seen).toEqual(['/?key2=value2&key1=value1']),
  };
}
