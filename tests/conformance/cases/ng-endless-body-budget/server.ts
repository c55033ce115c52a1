import type { CaseSetup, Harness } from '../../harness/harness.js';

/** Every path streams an endless body (as the lab target that held waf-fuzz for 3.5 minutes). */
export default async function (h: Harness): Promise<CaseSetup> {
  const chunk = Buffer.from('abcdefghij'.repeat(6_554));
  const url = await h.http((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const pump = () => {
      while (res.write(chunk)) if (res.destroyed) return;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  return { targets: [url] };
}
