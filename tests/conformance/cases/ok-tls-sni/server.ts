import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const names: (string | undefined)[] = [];
  const url = await h.https(
    (req, res) => {
      const name = (req.socket as unknown as { servername?: string }).servername;
      res.end(name === 'request.didban.test' ? 'sni ok' : `sni ${name}`);
    },
    'self-signed',
    (n) => names.push(n),
  );
  return { targets: [url] };
}
