import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    if (req.url === '/') res.end('value={{md5("Hello")}}');
    else
      res.end(
        req.headers['x-value'] === '{{md5("Hello")}}'
          ? 'literal kept'
          : `evaluated: ${req.headers['x-value']}`,
      );
  });
  return { targets: [url] };
}
