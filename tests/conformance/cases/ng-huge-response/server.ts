import type { CaseSetup, Harness } from '../../harness/harness.js';

export default async function (h: Harness): Promise<CaseSetup> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const url = await h.http((_req, res) => {
    res.writeHead(200);
    const pump = () => {
      while (res.write(chunk)) if (res.destroyed) return;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  return { targets: [url] };
}
