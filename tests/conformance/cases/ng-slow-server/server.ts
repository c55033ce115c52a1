import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((_req, res) => {
    res.writeHead(200);
    const timer = setInterval(() => res.write('.'), 100);
    res.on('close', () => clearInterval(timer));
  });
  return { targets: [url] };
}
