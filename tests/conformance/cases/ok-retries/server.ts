import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  let calls = 0;
  const url = await h.http((req, res) => {
    calls++;
    if (calls === 1) req.socket.destroy();
    else res.end('second try');
  });
  return { targets: [url], verify: () => expect(calls).toBe(2) };
}
