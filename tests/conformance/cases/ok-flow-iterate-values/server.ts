import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    res.writeHead(200);
    if (req.url === '/users') res.end('ann@example.com, bob@example.com');
    else if (req.url?.startsWith('/user/'))
      res.end(`profile of ${Buffer.from(req.url.slice(6), 'base64').toString()}`);
    else res.end('no');
  });
  return { targets: [url] };
}
