import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    res.writeHead(200);
    res.end(req.url === '/login' ? 'token=k42' : req.url === '/admin?token=k42' ? 'welcome' : 'no');
  });
  return { targets: [url] };
}
