import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((_req, res) => {
    setTimeout(() => res.end('slow answer'), 1000);
  });
  return { targets: [url] };
}
