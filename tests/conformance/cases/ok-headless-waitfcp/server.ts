import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessPool } from '../../harness/headless-server.js';

// /late-paint has nothing contentful to paint (a tinted, empty body: a first paint, but no first
// contentful one) until a timer writes its heading 1.5 s after the script runs; its load event
// comes at once (no subresources), long before that paint.
const page = `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body style="background:#eef"><script>
setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<h1>" + "painted-" + "late" + "</h1>"), 1500);
</script></body></html>`;

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    const found = req.url === '/late-paint';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(found ? page : 'no route');
  });
  return { targets: [url], options: { headless: { pool: headlessPool() } } };
}
