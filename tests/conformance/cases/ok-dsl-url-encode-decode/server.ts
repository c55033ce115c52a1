import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    res.writeHead(200).end(`query ${(req.url ?? '').replace(/^\/\?q=/, '')}`);
  });
  return { targets: [url] };
}
