import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessPool } from '../../harness/headless-server.js';

// /settling rewrites its text every 250 ms six times (1.5 s), the last time to "stable-after-6",
// then stops: the DOM is stable only from then on.
const page = `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body><div id="out"></div><script>
let n = 0;
const tick = setInterval(() => {
  n++;
  out.textContent = n < 6 ? "settling-" + n : "stable-" + "after-" + n;
  if (n === 6) clearInterval(tick);
}, 250);
</script></body></html>`;

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const found = req.url === '/settling';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(found ? page : 'no route');
  });
  return { targets: [url], options: { headless: { pool: headlessPool() } } };
}
