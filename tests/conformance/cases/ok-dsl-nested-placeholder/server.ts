import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const content = new URL(req.url ?? '/', 'http://x').searchParams.get('content') ?? '';
    res.end(/^<\?php file_put_contents\("[0-9A-Za-z]+\.php","x"\);$/.test(content) ? 'payload seen' : 'no');
  });
  return { targets: [url] };
}
