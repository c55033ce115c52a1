import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessCase, type SeenRequest } from '../../harness/headless-server.js';

// What the server received for /echo: the rules' headers, method and body.
export default function (h: Harness): Promise<CaseSetup> {
  const seen: SeenRequest[] = [];
  return headlessCase(h, {
    seen,
    verify: () => {
      const echo = seen.find((r) => r.path === '/echo');
      expect(echo).toMatchObject({ headers: { 'x-set': 'one', 'x-add': 'two' } });
      expect(echo?.headers['upgrade-insecure-requests']).toBeUndefined();
    },
  });
}
