import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const seen: string[] = [];
  const url = await h.http((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200).end('ok');
  });
  // nuclei's http request.go: "If a variable is unresolved, skip all further requests" of the
  // block; the template's next block still runs (tmplexec/generic).
  return { targets: [url], verify: () => expect(seen).toEqual(['/next-block']) };
}
