import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessPool } from '../../harness/headless-server.js';

// /fetching loads at once; its load handler computes for 800 ms (no request open), then asks
// /api/one (answered after 900 ms) and, with that answer, /api/two (after 600 ms), and only then
// writes its text: the network is busy for 1.5 s after the load event. Chromium counts idleness
// from the loaded document; a count from the commit (Playwright's "networkidle") is over before
// the first fetch.
const page = `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body><div id="out"></div><script>
addEventListener("load", () => {
  const until = performance.now() + 800;
  while (performance.now() < until);
  fetch("/api/one").then((r) => r.text()).then((a) =>
  fetch("/api/two").then((r) => r.text()).then((b) => { out.textContent = "idle-" + a + "-" + b; }));
});
</script></body></html>`;

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const path = req.url ?? '/';
    if (path === '/api/one' || path === '/api/two') {
      setTimeout(
        () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(path.slice(5)),
        path === '/api/one' ? 900 : 600,
      );
      return;
    }
    res.writeHead(path === '/fetching' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(path === '/fetching' ? page : 'no route');
  });
  return { targets: [url], options: { headless: { pool: headlessPool() } } };
}
