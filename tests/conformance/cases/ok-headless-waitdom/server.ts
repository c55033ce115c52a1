import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessPool } from '../../harness/headless-server.js';

// /parsing stops its parser on a script held 1.2 s (the engine hands Chromium whole responses, so a
// slow script, not a slowly sent document, is what keeps the document "loading" after navigate);
// its image is held 3 s, so the load event (readyState "complete") comes long after
// DOMContentLoaded (readyState "interactive").
const page = `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body><p>top</p>
<script src="/slow.js"></script><p id="tail">tail</p><img src="/slow.png"></body></html>`;

export default async function (h: Harness): Promise<CaseSetup> {
  const url = await h.http((req, res) => {
    if (req.url === '/slow.js') {
      setTimeout(
        () => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end('window.slow = 1;'),
        1200,
      );
      return;
    }
    if (req.url === '/slow.png') {
      setTimeout(() => res.writeHead(404).end(), 3000);
      return;
    }
    const found = req.url === '/parsing';
    res.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(found ? page : 'no route');
  });
  return { targets: [url], options: { headless: { pool: headlessPool() } } };
}
