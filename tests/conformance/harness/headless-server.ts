/**
 * The headless cases' page server and their one shared Chromium. Every page's telling text is built
 * by script (`'clicked:' + …`, `"late" + "-arrival"`), so a word matcher on the rendered DOM holds
 * only when the page's script ran and the action under test did its work: the raw HTML never
 * contains the expected words.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import { BrowserPool, type ScanOptions } from '@didban/engine';
import type { CaseSetup, Harness } from './harness.js';
import { readBody } from './harness.js';

export const CHROMIUM = process.env.DIDBAN_CHROMIUM ?? '/usr/bin/chromium';

/** True when headless cases can run here; CI installs Chromium, so there they always run. */
export const chromiumPresent = (): boolean => existsSync(CHROMIUM);

let pool: BrowserPool | undefined;

/** The Chromium pool all headless cases share (started on first use, closed by `closeHeadlessPool`). */
export function headlessPool(): BrowserPool {
  if (!chromiumPresent())
    throw new Error(
      `headless conformance cases need Chromium at ${CHROMIUM} (install chromium or set DIDBAN_CHROMIUM)`,
    );
  pool ??= new BrowserPool({ executablePath: CHROMIUM, pageTimeoutMs: 15_000 });
  return pool;
}

/** Closes the shared Chromium so none is left running after the suite. */
export async function closeHeadlessPool(): Promise<void> {
  const open = pool;
  pool = undefined;
  await open?.close();
}

/** One request the page server received. */
export interface SeenRequest {
  readonly path: string;
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>lab</title></head><body>${body}</body></html>`;

type Route = (req: IncomingMessage, body: string) => [number, Record<string, string>, string];

const late = (ms: number) =>
  page(
    `<script>setTimeout(() => { const p = document.createElement("p"); p.id = "late"; p.textContent = "late" + "-arrival-${ms}"; document.body.appendChild(p); }, ${ms});</script>`,
  );

const ROUTES: Record<string, Route> = {
  '/': () => [
    200,
    { 'X-Lab': 'home' },
    page('<div id="app"></div><script>app.textContent = "rendered-" + "by-script"</script>'),
  ],
  '/missing': () => [404, { 'X-Lab': 'gone' }, page('<p>gone</p>')],
  '/form': () => [
    200,
    {},
    page(`<form onsubmit="return false"><input id="q"><select id="s"><option>red</option><option>green</option></select>
<input id="d" type="date"><input id="f" type="file"><button id="go" type="button">Go</button></form><div id="out"></div>
<div id="ctx" style="width:60px;height:60px">right me</div>
<script>
go.onclick = () => { out.textContent = 'clicked:' + q.value; };
ctx.oncontextmenu = (e) => { e.preventDefault(); out.textContent = 'context-' + 'menu'; };
s.onchange = () => { out.textContent = 'picked:' + s.value; };
d.onchange = () => { out.textContent = 'date:' + d.value; };
f.onchange = () => { out.textContent = 'file:' + f.files[0].name; };
q.onkeyup = () => { out.textContent = 'typed:' + q.value; };
</script>`),
  ],
  '/echo': (req, body) => [
    200,
    { 'Content-Type': 'text/plain' },
    `method=${req.method} x-add=${req.headers['x-add'] ?? ''} x-set=${req.headers['x-set'] ?? ''} upgrade-insecure-requests=${req.headers['upgrade-insecure-requests'] ?? 'none'} cookie=${req.headers.cookie ?? ''} body=${body}`,
  ],
  '/api/token': () => [200, { 'Content-Type': 'application/json' }, '{"token":"tok-5150"}'],
  '/delayed': () => [200, {}, late(800)],
  '/very-late': () => [200, {}, late(1500)],
  // The load event waits for /slow.png (held back a second), and only then writes its text.
  '/onload': () => [
    200,
    {},
    page(
      '<img src="/slow.png"><script>addEventListener("load", () => document.body.insertAdjacentHTML("beforeend", "<p>after" + "-load</p>"))</script>',
    ),
  ],
  '/dialog': () => [200, {}, page('<script>setTimeout(() => alert("dialog-" + 7), 100)</script>')],
  '/link': () => [
    200,
    {},
    page('<a id="l" href="/target-of-link" data-secret="attr-42">link-text</a><img id="i" src="/pixel.txt">'),
  ],
  '/pixel.txt': () => [200, { 'Content-Type': 'text/plain' }, 'resource-body-99'],
  '/set-cookie': () => [200, { 'Set-Cookie': 'sid=abc123; Path=/' }, page('<p>cookie set</p>')],
  '/search': (req) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    // Reflects the query only when it is the right one: one payload of several matches.
    return [
      200,
      {},
      page(q === 'needle' ? '<script>document.write("found-" + "needle")</script>' : '<p>nothing</p>'),
    ];
  },
};

/** The page server's handler; `seen` collects what it received, for a case's `verify`. */
export function headlessPages(seen: SeenRequest[] = []): RequestListener {
  return (req, res) => {
    void readBody(req).then((body) => {
      const path = (req.url ?? '/').split('?')[0]!;
      seen.push({ path, method: req.method ?? '', headers: req.headers, body });
      if (path === '/slow.png') {
        setTimeout(() => res.writeHead(404).end(), 1000);
        return;
      }
      const route = ROUTES[path];
      const [status, headers, text] = route ? route(req, body) : [404, {}, 'no route'];
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      res.end(text);
    });
  };
}

/** A case's setup: the page server as the target and the headless gate open on the shared pool. */
export async function headlessCase(
  h: Harness,
  extra: { readonly options?: ScanOptions; readonly seen?: SeenRequest[]; readonly verify?: () => void } = {},
): Promise<CaseSetup> {
  const url = await h.http(headlessPages(extra.seen));
  const headless = { pool: headlessPool(), ...extra.options?.headless };
  return { targets: [url], options: { ...extra.options, headless }, verify: extra.verify };
}

/** The plain case: page server, gate open, nothing else. */
export default function (h: Harness): Promise<CaseSetup> {
  return headlessCase(h);
}
