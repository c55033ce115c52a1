import type { CaseSetup, Harness } from '../../harness/harness.js';

/**
 * Every path streams an endless body (as the lab target that held waf-fuzz for 3.5 minutes), at
 * about 6 MB/s: each response takes over a second to reach the 10 MB read cap, so the 20 payload
 * requests need far longer than the 2 s budget on any machine, however fast it reads and matches
 * (a body sent at full speed was read and matched within the budget on a quiet machine).
 */
export default async function (h: Harness): Promise<CaseSetup> {
  const chunk = Buffer.from('abcdefghij'.repeat(6_554));
  const url = await h.http((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => {
      if (res.destroyed) clearInterval(timer);
      else res.write(chunk);
    }, 10);
    res.on('close', () => clearInterval(timer));
  });
  return { targets: [url] };
}
