import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.https((_req, res) => res.end('over tls'));
  return { targets: [url.replace('https://', '')] };
}
