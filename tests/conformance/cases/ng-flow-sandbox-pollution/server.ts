import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const errors: string[] = [];
  const url = await h.http((req, res) => {
    errors.push(String(req.headers['x-errors']));
    res.end('reported');
  });
  return {
    targets: [url],
    verify: () => {
      expect(errors).toEqual(["'fetch' is not defined | 'process' is not defined | undefined"]);
      // The host's prototypes are untouched.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect([1].includes(2)).toBe(false);
    },
  };
}
