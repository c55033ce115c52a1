import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => res.end(req.url === '/api/status' ? 'api up' : 'no'));
  return {
    targets: [],
    options: { enableSelfContained: true, variables: { api_host: url.replace('http://', '') } },
  };
}
