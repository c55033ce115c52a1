import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const resolver = await h.dns([
    { name: 'localhost', type: 'A', data: '69.164.223.206' },
    { name: 'localhost', type: 'CNAME', data: 'x.worksites.net' },
  ]);
  const url = await h.http((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/banner') {
      res.writeHead(200).end('banner-7431 banner-7432');
      return;
    }
    const q = u.searchParams;
    res
      .writeHead(200, { 'X-Token': 'tok-123' })
      .end(`a=${q.get('a')} cname=${q.get('cname')} second=${q.get('second')}`);
  });
  // `localhost`, so that `Host` (the name) differs from `ip` (the address dialed), as for a real site.
  const target = url.replace('127.0.0.1', 'localhost');
  return { targets: [target], options: { resolvers: [resolver] } };
}
