import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((_req, res) => {
    res.writeHead(200, { 'Transfer-Encoding': 'chunked' });
    res.end('twelve bytes');
  });
  return { targets: [url] };
}
