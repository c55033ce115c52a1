import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  let hits = 0;
  const url = await h.http((_req, res) => {
    hits++;
    res.end('ok');
  });
  return {
    targets: [url],
    verify: () => {
      expect(existsSync('/tmp/didban-flow-escaped')).toBe(false);
      expect(hits).toBe(0);
    },
  };
}
