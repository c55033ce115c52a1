import type { CaseSetup, Harness } from '../../harness/harness.js';
import { readBody } from '../../harness/harness.js';

const WANT: Record<string, string> = {
  '/path-body': 'line1\r\nline2\r\n',
  '/raw-body': 'line1\nline2\n',
};

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    res.writeHead(200).end(WANT[path] === body ? `${path.slice(1)} ok` : `got ${JSON.stringify(body)}`);
  });
  return { targets: [url] };
}
