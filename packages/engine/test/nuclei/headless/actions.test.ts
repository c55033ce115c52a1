/**
 * Conformance cases for the headless protocol: one per action kind of nuclei's engine, each a
 * template whose matcher can only hold when the action did its work (a page state, a request the
 * server saw, a named output), plus the page parts (DOM body, navigation status and headers),
 * payloads, user_agent, cookie reuse, the gate and the scope. One Chromium for the whole file.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserPool } from '../../../src/browser/browser-pool.js';
import { collectScan, loadTemplates, type ScanResult } from '../../../src/nuclei/index.js';
import type { HeadlessScanOptions } from '../../../src/nuclei/protocols/headless/headless-options.js';

// One browser for the file; each case is a few page loads on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const page = (body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** What the lab server saw, per path: method, headers and body of each request. */
const seen: { path: string; method: string; headers: IncomingMessage['headers']; body: string }[] = [];
let outsideHits = 0;

const ROUTES: Record<
  string,
  (req: IncomingMessage, body: string) => [number, Record<string, string>, string]
> = {
  '/': () => [
    200,
    { 'X-Lab': 'home' },
    page('<div id="app"></div><script>app.textContent = "rendered-" + "by-script"</script>'),
  ],
  '/missing': () => [404, {}, page('<p>gone</p>')],
  '/form': () => [
    200,
    {},
    page(`<input id="q"><select id="s"><option>red</option><option>green</option></select>
<input id="d" type="date"><input id="f" type="file"><button id="go">Go</button><div id="out"></div>
<div id="ctx" style="width:50px;height:50px">right me</div>
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
    `method=${req.method} x-add=${req.headers['x-add'] ?? ''} x-set=${req.headers['x-set'] ?? ''} accept-language=${req.headers['accept-language'] ?? 'none'} cookie=${req.headers.cookie ?? ''} ua=${req.headers['user-agent']} body=${body}`,
  ],
  '/delayed': () => [
    200,
    {},
    page(
      '<script>setTimeout(() => { const p = document.createElement("p"); p.id = "late"; p.textContent = "late" + "-arrival"; document.body.appendChild(p); }, 300);</script>',
    ),
  ],
  '/onload': () => [
    200,
    {},
    page(
      '<img src="/slow.png"><script>addEventListener("load", () => document.body.insertAdjacentHTML("beforeend", "<p>after" + "-load</p>"))</script>',
    ),
  ],
  '/dialog': () => [200, {}, page('<script>setTimeout(() => alert("dialog-7"), 100)</script>')],
  '/link': () => [
    200,
    {},
    page('<a id="l" href="/target-of-link" data-secret="attr-42">go</a><img id="i" src="/pixel.txt">'),
  ],
  '/pixel.txt': () => [200, { 'Content-Type': 'text/plain' }, 'resource-body-99'],
  '/set-cookie': () => [200, { 'Set-Cookie': 'sid=abc123; Path=/' }, page('<p>cookie set</p>')],
  '/leak': () => [
    200,
    {},
    page(`<script>
window.tries = 0;
fetch('http://localhost:${outsidePort()}/steal').then(() => { document.title = 'leaked'; }, () => { document.title = 'blocked'; });
</script><img src="http://localhost:${outsidePort()}/pixel">`),
  ],
};

let server: Server;
let outside: Server;
let base = '';
const outsidePort = () => (outside.address() as { port: number }).port;
let pool: BrowserPool;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'didban-headless-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = Buffer.concat(chunks).toString();
      seen.push({ path, method: req.method ?? '', headers: req.headers, body });
      if (path === '/slow.png') {
        setTimeout(() => res.writeHead(404).end(), 2500);
        return;
      }
      const route = ROUTES[path];
      const [status, headers, text] = route ? route(req, body) : [404, {}, 'no route'];
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      res.end(text);
    });
  });
  outside = createServer((_req, res) => {
    outsideHits++;
    res.end('outside');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  pool = new BrowserPool({ pageTimeoutMs: 10_000 });
});
afterAll(async () => {
  await pool.close();
  for (const s of [server, outside]) {
    s.closeAllConnections();
    s.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A template of one headless block: steps and operators as YAML text. */
function template(id: string, steps: string, operators: string, extra = ''): string {
  return `id: ${id}
info: {name: ${id}, author: didban, severity: info}
headless:
  - ${extra ? `${extra}\n    ` : ''}steps:
${steps
  .trim()
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
${operators
  .trim()
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}
`;
}

async function run(
  yaml: string,
  options: Partial<HeadlessScanOptions> = {},
  target = base,
): Promise<ScanResult> {
  const { templates, rejected, invalid } = loadTemplates([{ content: yaml }]);
  expect(rejected).toEqual([]);
  expect(invalid).toEqual([]);
  return collectScan({ templates, targets: [target], options: { headless: { pool, ...options } } });
}

const words = (part: string, ...w: string[]) =>
  `matchers:\n  - type: word\n    part: ${part}\n    words: [${w.map((x) => JSON.stringify(x)).join(', ')}]`;
const nav = (path: string) => `- action: navigate\n  args: {url: "{{BaseURL}}${path}"}`;

async function expectOneFinding(yaml: string, options: Partial<HeadlessScanOptions> = {}) {
  const result = await run(yaml, options);
  expect(result.failures).toEqual([]);
  expect(result.findings).toHaveLength(1);
  return result.findings[0]!;
}

describe('headless: page parts', () => {
  it('navigate + waitload: the body is the rendered DOM, status and headers are the navigation’s', async () => {
    const f = await expectOneFinding(
      template(
        'nav',
        `${nav('/')}\n- action: waitload`,
        `matchers-condition: and
matchers:
  - type: word
    words: ['<div id="app">rendered-by-script</div>']
  - type: status
    status: [200]
  - type: word
    part: header
    words: ["X-Lab: home"]`,
      ),
    );
    expect(f.protocol).toBe('headless');
    expect(f.matchedAt).toBe(`${base}/`);
    expect(f.response).toContain('<html><head>');
  });

  it('status_code is the navigation’s own (404 here), usable in dsl', async () => {
    await expectOneFinding(
      template('status', nav('/missing'), 'matchers:\n  - type: dsl\n    dsl: ["status_code == 404"]'),
    );
  });

  it('an empty `action:` is skipped as nuclei skips it (CVE-2025-25062 has one)', async () => {
    await expectOneFinding(
      template(
        'empty-action',
        `${nav('/')}\n- action:\n  args: {code: "() => 1"}\n- action: waitload`,
        words('body', 'rendered-by-script'),
      ),
    );
  });

  it('an unknown action fails the load with the step named', () => {
    const { invalid } = loadTemplates([{ content: template('bad', '- action: fly', words('body', 'x')) }]);
    expect(invalid[0]!.errors[0]!.message).toContain('steps[0]: invalid action type "fly"');
  });
});

describe('headless: one case per action', () => {
  it('script: a named output, and a hook that runs before the page’s own scripts', async () => {
    await expectOneFinding(
      template(
        'script',
        `- action: script
  args: {hook: true, code: "() => { window.hooked = 'hook-ran' }"}
${nav('/')}
- action: waitload
- action: script
  name: probe
  args: {code: "() => window.hooked + ':' + document.getElementById('app').textContent"}`,
        words('probe', 'hook-ran:rendered-by-script'),
      ),
    );
  });

  it('text + click: the typed value reaches the page’s click handler', async () => {
    await expectOneFinding(
      template(
        'text-click',
        `${nav('/form')}
- action: text
  args: {selector: "#q", value: "hello-typed"}
- action: click
  args: {selector: "#go"}`,
        words('body', 'clicked:hello-typed'),
      ),
    );
  });

  it('rightclick: the context menu handler runs (by xpath)', async () => {
    await expectOneFinding(
      template(
        'rightclick',
        `${nav('/form')}\n- action: rightclick\n  args: {by: x, xpath: "//div[@id='ctx']"}`,
        words('body', 'context-menu'),
      ),
    );
  });

  it('select: the option is chosen', async () => {
    await expectOneFinding(
      template(
        'select',
        `${nav('/form')}\n- action: select\n  args: {selector: "#s", value: green, selected: true}`,
        words('body', 'picked:green'),
      ),
    );
  });

  it('time: an RFC 3339 time fills a date input', async () => {
    await expectOneFinding(
      template(
        'time',
        `${nav('/form')}\n- action: time\n  args: {selector: "#d", value: "2024-05-01T10:00:00Z"}`,
        words('body', 'date:2024-05-01'),
      ),
    );
  });

  it('files: refused without local file access, sets the file with it', async () => {
    const file = join(dir, 'upload-me.txt');
    writeFileSync(file, 'x');
    const yaml = template(
      'files',
      `${nav('/form')}\n- action: files\n  args: {selector: "#f", value: "${file}"}`,
      words('body', 'file:upload-me.txt'),
    );
    const refused = await run(yaml);
    expect(refused.findings).toEqual([]);
    expect(refused.failures[0]!.message).toContain('steps[1] files: local file access is refused');
    const allowed = await run(yaml, { allowLocalFileAccess: true });
    expect(allowed.findings).toHaveLength(1);
  });

  it('keyboard: keys typed into the focused input', async () => {
    await expectOneFinding(
      template(
        'keyboard',
        `${nav('/form')}\n- action: click\n  args: {selector: "#q"}\n- action: keyboard\n  args: {keys: "abc"}`,
        words('body', 'typed:abc'),
      ),
    );
  });

  it('screenshot: written into the screenshot folder, named output set', async () => {
    // A folder of its own for each attempt: CI runs a failed test once more, and a file left by
    // the first attempt would be refused as already there.
    const shots = mkdtempSync(join(dir, 'shots-'));
    const f = await expectOneFinding(
      template(
        'shot',
        `${nav('/')}\n- action: screenshot\n  name: shot\n  args: {to: "home-shot"}`,
        words('body', 'rendered-by-script'),
      ),
      { screenshotDir: shots },
    );
    expect(f.templateId).toBe('shot');
    const png = readFileSync(join(shots, 'home-shot.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // A second run does not overwrite it (nuclei refuses too).
    const again = await run(
      template('shot', `${nav('/')}\n- action: screenshot\n  args: {to: "home-shot"}`, words('body', 'x')),
      { screenshotDir: shots },
    );
    expect(again.failures.map((x) => x.message)).toEqual([expect.stringContaining('already exists')]);
  });

  it('screenshot: a path outside the folder is refused', async () => {
    const result = await run(
      template(
        'shot-out',
        `${nav('/')}\n- action: screenshot\n  args: {to: "../escape"}`,
        words('body', 'x'),
      ),
      { screenshotDir: dir },
    );
    expect(result.failures[0]!.message).toContain('local file access is refused');
    expect(existsSync(join(dir, '..', 'escape.png'))).toBe(false);
  });

  it('waitvisible: waits for an element the script adds later; fails when none comes', async () => {
    await expectOneFinding(
      template(
        'visible',
        `${nav('/delayed')}\n- action: waitvisible\n  args: {selector: "#late"}`,
        words('body', 'late-arrival'),
      ),
    );
    const none = await run(
      template(
        'never',
        `${nav('/delayed')}\n- action: waitvisible\n  args: {selector: "#nope", timeout: 1}`,
        words('body', 'x'),
      ),
    );
    expect(none.failures[0]!.message).toContain('Element did not appear in the given amount of time');
  });

  it('waitstable, waitidle, waitload, waitfmp, waitdom, waitfcp: the page has settled', async () => {
    for (const action of ['waitstable', 'waitidle']) {
      await expectOneFinding(
        template(`w-${action}`, `${nav('/delayed')}\n- action: ${action}`, words('body', 'late-arrival')),
      );
    }
    // The load event comes after a slow image: only a wait for it sees what its handler adds.
    for (const action of ['waitload', 'waitfmp']) {
      await expectOneFinding(
        template(`w-${action}`, `${nav('/onload')}\n- action: ${action}`, words('body', 'after-load')),
      );
    }
    const early = await run(template('w-none', nav('/onload'), words('body', 'after-load')));
    expect(early.findings).toEqual([]);
    // The end of the steps already waits for DOMContentLoaded: these two must simply not fail.
    for (const action of ['waitdom', 'waitfcp']) {
      await expectOneFinding(
        template(`w-${action}`, `${nav('/')}\n- action: ${action}`, words('body', 'rendered-by-script')),
      );
    }
  });

  it('extract: text and attribute as named outputs', async () => {
    await expectOneFinding(
      template(
        'extract',
        `${nav('/link')}
- action: extract
  name: linktext
  args: {selector: "#l"}
- action: extract
  name: secret
  args: {selector: "#l", target: attribute, attribute: data-secret}`,
        `matchers:\n  - type: dsl\n    dsl: ['linktext == "go" && secret == "attr-42"']`,
      ),
    );
  });

  it('getresource: the element’s resource, fetched through the scope', async () => {
    await expectOneFinding(
      template(
        'resource',
        `${nav('/link')}\n- action: getresource\n  name: pixel\n  args: {selector: "#i"}`,
        words('pixel', 'resource-body-99'),
      ),
    );
  });

  it('setmethod, addheader, setheader, deleteheader, setbody on the request', async () => {
    const before = seen.length;
    await expectOneFinding(
      template(
        'request-rules',
        `- action: setmethod
  args: {part: request, method: POST}
- action: addheader
  args: {part: request, key: X-Add, value: added}
- action: setheader
  args: {part: request, key: X-Set, value: set-value}
- action: deleteheader
  args: {part: request, key: Accept-Language}
- action: setbody
  args: {part: request, body: "payload=1"}
${nav('/echo')}`,
        words('body', 'method=POST x-add=added x-set=set-value accept-language=none', 'body=payload=1'),
      ),
    );
    const echo = seen.slice(before).find((s) => s.path === '/echo')!;
    expect(echo.method).toBe('POST');
    expect(echo.body).toBe('payload=1');
  });

  it('setheader and setbody on the response: what the page and the header part see', async () => {
    await expectOneFinding(
      template(
        'response-rules',
        `- action: setheader
  args: {part: response, key: X-Injected, value: resp-hdr}
- action: setbody
  args: {part: response, body: "<p id=x>replaced-body</p>"}
${nav('/')}`,
        `matchers-condition: and\nmatchers:\n  - type: word\n    part: header\n    words: ["X-Injected: resp-hdr"]\n  - type: word\n    words: ["replaced-body"]`,
      ),
    );
  });

  it('waitdialog: name, name_type and name_message; no dialog leaves the name unset', async () => {
    await expectOneFinding(
      template(
        'dialog',
        `${nav('/dialog')}\n- action: waitdialog\n  name: d`,
        `matchers:\n  - type: dsl\n    dsl: ['d == true && d_type == "alert" && d_message == "dialog-7"']`,
      ),
    );
    const quiet = await run(
      template(
        'no-dialog',
        `${nav('/')}\n- action: waitdialog\n  name: d\n  args: {max-duration: 1}`,
        'matchers:\n  - type: dsl\n    dsl: ["d == true"]',
      ),
    );
    expect(quiet.findings).toEqual([]);
    expect(quiet.failures).toEqual([]);
  });

  it('waitevent: waits for the event after the next navigation; fails when it never comes', async () => {
    await expectOneFinding(
      template(
        'event',
        `- action: waitevent\n  args: {event: Page.loadEventFired}\n${nav('/')}`,
        words('body', 'rendered-by-script'),
      ),
    );
    const never = await run(
      template(
        'no-event',
        `- action: waitevent\n  args: {event: Page.javascriptDialogOpening, max-duration: 1}\n${nav('/')}`,
        words('body', 'rendered-by-script'),
      ),
    );
    expect(never.findings).toEqual([]);
    expect(never.failures[0]!.message).toContain('deadline exceeded');
  });

  it('sleep: waits its duration', async () => {
    const started = performance.now();
    await expectOneFinding(
      template(
        'sleep',
        `${nav('/')}\n- action: sleep\n  args: {duration: 1}`,
        words('body', 'rendered-by-script'),
      ),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('debug: every later action is traced in the request evidence', async () => {
    const f = await expectOneFinding(
      template(
        'debug',
        `- action: debug\n${nav('/')}\n- action: waitload`,
        words('body', 'rendered-by-script'),
      ),
    );
    expect(f.request).toMatch(/debug trace:\nnavigate \(\d+ ms\)\nwaitload \(\d+ ms\)/);
    const plain = await expectOneFinding(
      template('nodebug', `${nav('/')}\n- action: waitload`, words('body', 'rendered-by-script')),
    );
    expect(plain.request).not.toContain('debug trace');
  });
});

describe('headless: block options', () => {
  it('payloads: one page per value, a finding for the value that matches', async () => {
    const result = await run(
      template(
        'payloads',
        `- action: navigate\n  args: {url: "{{BaseURL}}/{{p}}"}`,
        words('body', 'rendered-by-script'),
        'payloads:\n      p: ["", "missing", "form"]',
      ),
    );
    expect(result.findings.map((f) => f.matchedAt)).toEqual([`${base}/`]);
  });

  it('template variables, also those built from the target, reach the steps', async () => {
    const yaml = `id: vars
info: {name: vars, author: didban, severity: info}
variables:
  page: "{{BaseURL}}/echo"
  marker: "var-marker"
headless:
  - steps:
      - action: setheader
        args: {part: request, key: X-Set, value: "{{marker}}"}
      - action: navigate
        args: {url: "{{page}}"}
    matchers:
      - type: word
        words: ["x-set=var-marker"]
`;
    const result = await run(yaml);
    expect(result.failures).toEqual([]);
    expect(result.findings.map((f) => f.matchedAt)).toEqual([`${base}/echo`]);
  });

  it('payload values with variables ({{RootURL}}) are rendered; {{randstr_1}} is one value per run', async () => {
    const result = await run(
      template(
        'rendered-payloads',
        `- action: setheader
  args: {part: request, key: X-Set, value: "{{randstr_1}}"}
- action: navigate
  args: {url: "{{p}}"}`,
        `matchers:\n  - type: dsl\n    dsl: ['contains(body, "x-set=" + randstr_1) && len(randstr_1) == 27']`,
        'payloads:\n      p: ["{{RootURL}}/echo"]',
      ),
    );
    expect(result.failures).toEqual([]);
    expect(result.findings.map((f) => f.matchedAt)).toEqual([`${base}/echo`]);
  });

  it('user_agent custom: the page’s requests carry it', async () => {
    await expectOneFinding(
      template(
        'ua',
        nav('/echo'),
        words('body', 'ua=didban-headless-test'),
        'user_agent: custom\n    custom_user_agent: didban-headless-test',
      ),
    );
  });

  it('cookie reuse: a cookie set on one page is sent by the next; disable-cookie stops it', async () => {
    const reuse = `${nav('/set-cookie')}\n- action: waitload`;
    const twoBlocks = (extra: string) => `id: cookies
info: {name: cookies, author: didban, severity: info}
headless:
  - ${extra}steps:
      - action: navigate
        args: {url: "{{BaseURL}}/set-cookie"}
  - steps:
      - action: navigate
        args: {url: "{{BaseURL}}/echo"}
    matchers:
      - type: word
        words: ["cookie=sid=abc123"]
`;
    expect(reuse).toContain('set-cookie');
    const kept = await run(twoBlocks(''));
    expect(kept.findings).toHaveLength(1);
    const off = await run(twoBlocks('disable-cookie: true\n    '));
    expect(off.findings).toEqual([]);
  });
});

describe('headless: scope and gate', () => {
  it('a page reaching another host is blocked: nothing arrives there, the evidence lists it', async () => {
    outsideHits = 0;
    const f = await expectOneFinding(
      template(
        'leak',
        `${nav('/leak')}\n- action: waitload\n- action: sleep\n  args: {duration: 500ms}`,
        words('body', 'leak'),
      ),
    );
    expect(outsideHits).toBe(0);
    expect(f.request).toContain(`blocked (out of scope): http://localhost:${outsidePort()}/steal`);
    expect(f.response).toContain('<title>blocked</title>');
  });

  it('navigating out of scope fails the run and sends nothing', async () => {
    outsideHits = 0;
    const result = await run(
      template(
        'out',
        `- action: navigate\n  args: {url: "http://localhost:${outsidePort()}/"}`,
        words('body', 'outside'),
      ),
    );
    expect(result.findings).toEqual([]);
    expect(result.failures[0]!.message).toContain('could not navigate to url');
    expect(outsideHits).toBe(0);
  });

  it('without the headless option the template is skipped with the gate’s reason', async () => {
    const { templates } = loadTemplates([{ content: template('gated', nav('/'), words('body', 'x')) }]);
    const cli = await collectScan({ templates, targets: [base] });
    expect(cli.skipped).toEqual([
      expect.objectContaining({
        templateId: 'gated',
        reason: 'capability gate "headless" is closed (open it with --headless (-headless))',
      }),
    ]);
    const noChromium = await collectScan({
      templates,
      targets: [base],
      options: { headless: { pool: new BrowserPool({ executablePath: join(dir, 'no-chromium') }) } },
    });
    expect(noChromium.skipped[0]!.reason).toBe(
      `headless templates need Chromium, which this worker does not have (not found at ${join(dir, 'no-chromium')})`,
    );
  });
});
