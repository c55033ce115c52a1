import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  let writtenAt = 0;
  const url = await h.http((req, res) => {
    if (req.url === '/write') {
      writtenAt = Date.now();
      res.end('started');
    } else if (req.url === '/read?true' && writtenAt > 0 && Date.now() - writtenAt >= 900) res.end('written');
    else res.end(`not yet: ${req.url}`);
  });
  return { targets: [url] };
}
