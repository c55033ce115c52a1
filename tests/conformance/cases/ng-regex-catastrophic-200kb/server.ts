import type { CaseSetup, Harness } from '../../harness/harness.js';

/** A 200 KB minified script on one line: the shape that made graphql-detect's regex take 8.9 s. */
export default async function (h: Harness): Promise<CaseSetup> {
  const body = `var a="${'abcdefghij'.repeat(20_000)}";`;
  const url = await h.http((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/javascript' });
    res.end(body);
  });
  return { targets: [url] };
}
