import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    res.writeHead(200);
    res.end(req.url === '/start' ? 'next=abc' : req.url === '/step/abc' ? 'reached' : 'no');
  });
  return { targets: [url] };
}
