import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/') {
      res.writeHead(200).end('app-home build=b42 module=auth module=billing');
      return;
    }
    const q = u.searchParams;
    const ok = q.get('build') === 'b42' && q.get('first') === 'auth' && q.get('second') === 'billing';
    res.writeHead(200).end(ok ? 'values ok' : `got ${u.search}`);
  });
  return { targets: [url] };
}
