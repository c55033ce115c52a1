import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const exposed = (_req: unknown, res: { end(s: string): void }) =>
    res.end('[core]\n\trepositoryformatversion = 0');
  const a = await h.http((req, res) => (req.url === '/.git/config' ? exposed(req, res) : res.end('home')));
  const b = await h.http((req, res) => (req.url === '/.git/config' ? exposed(req, res) : res.end('home')));
  const clean = await h.http((_req, res) => {
    res.statusCode = 404;
    res.end('not here');
  });
  return { targets: [a, b, clean] };
}
