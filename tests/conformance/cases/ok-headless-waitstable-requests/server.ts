import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessPool } from '../../harness/headless-server.js';

// /polling leaves its DOM alone while its load handler asks /api/poll four times in a row (each
// answered after 400 ms) and writes its text only after the fourth answer, 1.6 s on: its DOM is
// still for longer than 500 ms at a time while its requests are not.
const page = `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body><div id="out"></div><script>
const poll = (n) => fetch("/api/poll?n=" + n).then((r) => r.text()).then((t) => n < 4 ? poll(n + 1) : (out.textContent = "polled-" + t));
addEventListener("load", () => poll(1));
</script></body></html>`;

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/api/poll?n=')) {
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`n${path.slice(12)}`), 400);
      return;
    }
    const found = path === '/polling';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(found ? page : 'no route');
  });
  return { targets: [url], options: { headless: { pool: headlessPool() } } };
}
