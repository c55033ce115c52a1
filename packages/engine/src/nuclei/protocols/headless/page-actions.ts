/**
 * nuclei's page actions (engine/page_actions.go) on a Playwright page. Each action's arguments are
 * rendered with the run's variables first; an argument left with an unresolved `{{…}}` fails the
 * run, as nuclei's getActionArg does. Semantics kept from nuclei: lifecycle waits (`waitload`,
 * `waitdom`, `waitidle`, …) never fail, they wait at most `timeout` (default 5 s); `waitdialog`
 * without a dialog in `max-duration` (default 10 s) is not an error, it only leaves its name unset;
 * `waitevent` waits after the next navigation and fails when the event does not come in
 * `max-duration` (default 5 s); header and body rules apply to the requests/responses that follow.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import type { PageLease } from '../../../browser/browser-pool.js';
import { randomKsuid } from '../../compile-template.js';
import { hasUnresolved, renderTemplate } from '../../dsl/render.js';
import type { DslValue } from '../../dsl/values.js';
import { sleep } from '../../dsl/wait-for.js';
import type { LayeredScope } from '../../scan/layered-scope.js';
import { onAbort } from '../../util/abort-registry.js';
import { fromByteString, toByteString } from '../../util/bytes.js';
import type { HeadlessAction } from './headless-block.js';

/** A header/body/method rule a `setheader`-like action adds for the requests/responses after it. */
export interface RouteRule {
  readonly action: 'setmethod' | 'addheader' | 'setheader' | 'deleteheader' | 'setbody';
  readonly part: 'request' | 'response';
  readonly key: string;
  readonly value: string;
  /** setmethod applies once (nuclei's sync.Once). */
  used?: boolean;
}

export interface Dialog {
  readonly type: string;
  readonly message: string;
}

/** What the actions share on one page. */
export interface PageState {
  readonly lease: PageLease;
  readonly page: Page;
  readonly scope: LayeredScope;
  /** Named outputs (`script`, `extract`, `getresource`, `waitdialog`, `screenshot`). */
  readonly out: Map<string, DslValue>;
  readonly rules: RouteRule[];
  readonly dialogs: Dialog[];
  /** Wakes a `waitdialog` waiting for the next dialog. */
  dialogWaiter?: () => void;
  /** `waitevent`s to wait for after the next navigation. */
  readonly afterNavigate: (() => Promise<void>)[];
  readonly signal: AbortSignal;
  /** The input URL's query, merged into every navigation (the input's parameters win). */
  readonly inputQuery: string;
  readonly allowLocalFileAccess: boolean;
  readonly screenshotDir?: string;
  /** Fetches a URL through the page's scope (for `getresource`). */
  readonly fetchResource: (url: string) => Promise<string>;
  /** `debug`: every later action is traced with its time. */
  debug: boolean;
  readonly trace: string[];
}

export class ActionError extends Error {}

const LFA_DENIED =
  'local file access is refused (the files action and screenshots outside the screenshot folder need it)';

/** Renders one argument; an unresolved variable fails the action as in nuclei. */
export function actionArg(state: PageState, action: HeadlessAction, name: string): string {
  const raw = action.args[name] ?? '';
  const value = renderTemplate(raw, state.scope);
  if (hasUnresolved(value))
    throw new ActionError(
      `argument ${JSON.stringify(name)}, value: ${JSON.stringify(fromByteString(value))}: unresolved variables`,
    );
  return value;
}
const text = (state: PageState, action: HeadlessAction, name: string) =>
  fromByteString(actionArg(state, action, name));

/** nuclei's getTimeParameter: an integer in `unit`, else a Go duration, else the default. */
export function timeArg(raw: string, defaultValue: number, unitMs: number): number {
  if (/^-?\d+$/.test(raw.trim())) return Number(raw.trim()) * unitMs;
  const ms = goDuration(raw.trim());
  return ms ?? defaultValue * unitMs;
}

const GO_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
/** `1.5s`, `300ms`, `1m30s` → ms; undefined when it is not a Go duration. */
export function goDuration(s: string): number | undefined {
  if (s === '') return undefined;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    total += Number(m[1]) * GO_UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  return at === s.length && at > 0 ? total : undefined;
}

// rod's FormatToJSFunc: a function expression is called, anything else is returned as a value.
const FUNCTION_TEXT = /^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/;
export const isFunctionText = (code: string): boolean => FUNCTION_TEXT.test(code);

/** The page-side expression for a script: called when a function, returned when a value. */
function scriptExpression(code: string): string {
  const call = isFunctionText(code) ? `(${code})()` : `(function () { return (${code}\n); })()`;
  // gson's String(): a string as it is, anything else as JSON (undefined and null are "null").
  return `(async () => { const r = await ${call}; return typeof r === 'string' ? r : (r === undefined ? 'null' : JSON.stringify(r)); })()`;
}

/** Runs a script in the page and returns its value as nuclei prints it. */
export async function evaluateScript(page: Page, code: string): Promise<string> {
  try {
    return (await page.evaluate(scriptExpression(code))) as string;
  } catch (error) {
    // Statements (`a(); b();`) are not an expression rod could return: run them as a script.
    if (!/SyntaxError|Unexpected token/.test((error as Error).message)) throw error;
    const value = await page.evaluate(code);
    return typeof value === 'string' ? value : value === undefined ? 'null' : JSON.stringify(value);
  }
}

type Element = Locator;
let marks = 0;

/** nuclei's pageElementBy: `by` is `r`/`regex`, `x`/`xpath`, `js`, `search` or a CSS selector. */
async function elementBy(state: PageState, action: HeadlessAction): Promise<Element> {
  const { page } = state;
  const by = action.args.by ?? '';
  switch (by) {
    case 'r':
    case 'regex':
      return page
        .locator(text(state, action, 'selector') || '*')
        .filter({ hasText: new RegExp(text(state, action, 'regex')) })
        .first();
    case 'x':
    case 'xpath':
      return page.locator(`xpath=${text(state, action, 'xpath')}`).first();
    case 'js': {
      // The element the script returns is marked so a locator can act on it like the others.
      const code = text(state, action, 'js');
      const mark = `e${++marks}`;
      const found = await page.evaluate(
        `(() => { const e = ${isFunctionText(code) ? `(${code})()` : `(${code}\n)`}; if (!(e instanceof Element)) return false; e.setAttribute('data-didban-el', '${mark}'); return true; })()`,
      );
      if (!found) throw new ActionError('could not get element: the script returned no element');
      return page.locator(`[data-didban-el="${mark}"]`).first();
    }
    case 'search': {
      const query = text(state, action, 'query');
      const byQuery = page.locator(query).first();
      if ((await byQuery.count().catch(() => 0)) > 0) return byQuery;
      return page.getByText(query).first();
    }
    default:
      return page.locator(text(state, action, 'selector')).first();
  }
}

const lifecycle = {
  waitload: 'load',
  waitdom: 'domcontentloaded',
} as const;

/** Runs one action. Throws ActionError (or Playwright's error) when nuclei's action would fail. */
export async function runAction(state: PageState, action: HeadlessAction): Promise<void> {
  const { page, out } = state;
  const started = performance.now();
  switch (action.action) {
    case 'navigate': {
      const raw = text(state, action, 'url');
      if (raw === '') throw new ActionError('navigate: invalid arguments provided');
      const url = mergeInputQuery(raw, state.inputQuery);
      watchRequests(page);
      try {
        await page.goto(url, { waitUntil: 'commit' });
      } catch (error) {
        throw new ActionError(`could not navigate to url ${url}: ${(error as Error).message.split('\n')[0]}`);
      }
      const waits = state.afterNavigate.splice(0);
      for (const wait of waits) await wait();
      break;
    }
    case 'script': {
      const code = text(state, action, 'code');
      if (code === '') throw new ActionError('script: invalid arguments provided');
      if (action.args.hook === 'true')
        await page.addInitScript({ content: isFunctionText(code) ? `(${code})();` : code });
      const value = await evaluateScript(page, code);
      if (action.name) out.set(action.name, toByteString(value));
      break;
    }
    case 'click':
    case 'rightclick': {
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      await el.click({ button: action.action === 'click' ? 'left' : 'right' });
      break;
    }
    case 'text': {
      const value = text(state, action, 'value');
      if (value === '') throw new ActionError('text: invalid arguments provided');
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      await el.fill(value);
      break;
    }
    case 'time': {
      const value = text(state, action, 'value');
      const when = Date.parse(value);
      if (value === '' || Number.isNaN(when))
        throw new ActionError(`could not parse time ${JSON.stringify(value)}`);
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      await el.evaluate(inputTime, when);
      break;
    }
    case 'select': {
      const value = text(state, action, 'value');
      if (value === '') throw new ActionError('select: invalid arguments provided');
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      const picked = await el.evaluate(selectOption, {
        value,
        selected: action.args.selected === 'true',
        by: action.args.selector ?? '',
      });
      if (!picked)
        throw new ActionError(`could not select input: no option matches ${JSON.stringify(value)}`);
      break;
    }
    case 'files': {
      if (!state.allowLocalFileAccess) throw new ActionError(LFA_DENIED);
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      await el.setInputFiles(text(state, action, 'value').split(','));
      break;
    }
    case 'screenshot':
      await screenshot(state, action);
      break;
    case 'waitidle': {
      // Chromium's networkIdle (nuclei's event): no request open for 500 ms, counted once the
      // document is loaded. Playwright's "networkidle" counts from the commit, so the time a page
      // spends between its commit and its first fetch (parsing, running scripts, a load handler
      // computing) already made it "idle" before the fetches its load handler starts.
      const timeout = timeArg(text(state, action, 'timeout'), 5, 1000);
      const end = performance.now() + timeout;
      await page.waitForLoadState('load', { timeout }).catch(() => {});
      await networkQuiet(state, page, 500, end - performance.now());
      break;
    }
    case 'waitload':
    case 'waitdom':
      await page
        .waitForLoadState(lifecycle[action.action], {
          timeout: timeArg(text(state, action, 'timeout'), 5, 1000),
        })
        .catch(() => {});
      break;
    case 'waitfcp':
    case 'waitfmp': {
      // Chromium no longer reports a first meaningful paint: its lifecycle events stop at
      // firstMeaningfulPaintCandidate, sent with the first contentful paint (Chromium 156), so
      // nuclei's waitfmp (rod's WaitNavigation for firstMeaningfulPaint) always runs out its timeout.
      // Ours waits for what it meant, the page loaded and its content painted: the load event, then
      // the first contentful paint, both within the one timeout.
      const timeout = timeArg(text(state, action, 'timeout'), 5, 1000);
      const end = performance.now() + timeout;
      if (action.action === 'waitfmp') await page.waitForLoadState('load', { timeout }).catch(() => {});
      await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
          // Playwright reads 0 as "no timeout".
          timeout: Math.max(1, end - performance.now()),
        })
        .catch(() => {});
      break;
    }
    case 'waitstable': {
      const timeout = timeArg(text(state, action, 'timeout'), 5, 1000);
      const duration = goDuration(text(state, action, 'duration')) ?? 1000;
      const end = performance.now() + timeout;
      // rod's WaitStable: the load event, no request open for `duration` (its WaitRequestIdle,
      // images, media and fonts aside: a page that keeps fetching is not stable) and a DOM unchanged
      // for `duration`. One after the other, so a change the last answer makes is waited out too.
      await page.waitForLoadState('load', { timeout }).catch(() => {});
      await networkQuiet(state, page, duration, end - performance.now(), NOT_WAITED_FOR);
      await page.evaluate(waitStable, { duration, timeout: Math.max(0, end - performance.now()) });
      break;
    }
    case 'waitvisible': {
      const timeout = timeArg(text(state, action, 'timeout'), 5, 1000);
      const el = await elementBy(state, action).catch(() => undefined);
      try {
        if (!el) throw new Error('no element');
        await el.waitFor({ state: 'visible', timeout });
      } catch {
        throw new ActionError('Element did not appear in the given amount of time');
      }
      break;
    }
    case 'getresource': {
      const el = await elementBy(state, action);
      const src = await el.evaluate((e) => {
        const x = e as HTMLImageElement & HTMLLinkElement;
        return x.currentSrc || x.src || x.href || '';
      });
      if (!src) throw new ActionError('could not get src for element');
      const body = await state.fetchResource(src);
      if (action.name) out.set(action.name, body);
      break;
    }
    case 'extract': {
      const el = await elementBy(state, action);
      await el.scrollIntoViewIfNeeded();
      let value: string;
      if (action.args.target === 'attribute') {
        const attribute = text(state, action, 'attribute');
        if (attribute === '') throw new ActionError("attribute can't be empty");
        value = (await el.getAttribute(attribute)) ?? '';
      } else {
        value = await el.evaluate((e) =>
          e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement
            ? e.value
            : // biome-ignore lint/performance/useDomNodeTextContent: rod's Text() is the rendered text
              ((e as HTMLElement).innerText ?? e.textContent ?? ''),
        );
      }
      if (action.name) out.set(action.name, toByteString(value));
      break;
    }
    case 'setmethod':
    case 'addheader':
    case 'setheader':
    case 'deleteheader':
    case 'setbody': {
      const part = actionArg(state, action, 'part');
      if (part !== 'request' && part !== 'response') break;
      state.rules.push({
        action: action.action,
        part,
        key: action.action === 'setmethod' ? '' : text(state, action, 'key'),
        value:
          action.action === 'setmethod'
            ? text(state, action, 'method')
            : action.action === 'setbody'
              ? actionArg(state, action, 'body')
              : action.action === 'deleteheader'
                ? ''
                : text(state, action, 'value'),
      });
      break;
    }
    case 'waitevent': {
      const event = text(state, action, 'event');
      if (!/^[A-Z][A-Za-z]*\.[a-zA-Z]+$/.test(event))
        throw new ActionError(`event ${JSON.stringify(event)} does not exist`);
      const max = timeArg(text(state, action, 'max-duration'), 5, 1000);
      const cdp = await state.lease.cdp();
      await cdp.send(`${event.split('.')[0]}.enable` as 'Page.enable').catch(() => {});
      let seen = false;
      let wake: (() => void) | undefined;
      cdp.on(event as 'Page.loadEventFired', () => {
        seen = true;
        wake?.();
      });
      state.afterNavigate.push(async () => {
        if (seen) return;
        const ok = await new Promise<boolean>((done) => {
          const timer = setTimeout(() => done(false), max);
          wake = () => {
            clearTimeout(timer);
            done(true);
          };
        });
        if (!ok) throw new ActionError(`headless action execution deadline exceeded waiting for ${event}`);
      });
      break;
    }
    case 'waitdialog': {
      const max = timeArg(text(state, action, 'max-duration'), 10, 1000);
      let dialog = state.dialogs.shift();
      if (!dialog) {
        let stopWaiting = () => {};
        await new Promise<void>((done) => {
          const timer = setTimeout(done, max);
          state.dialogWaiter = () => {
            clearTimeout(timer);
            done();
          };
          stopWaiting = onAbort(state.signal, done);
        });
        stopWaiting();
        state.dialogWaiter = undefined;
        dialog = state.dialogs.shift();
      }
      if (dialog && action.name) {
        out.set(action.name, true);
        out.set(`${action.name}_type`, dialog.type);
        out.set(`${action.name}_message`, toByteString(dialog.message));
      }
      break;
    }
    case 'keyboard':
      await page.keyboard.type(text(state, action, 'keys'));
      break;
    case 'debug':
      state.debug = true;
      break;
    case 'sleep':
      await sleep(timeArg(text(state, action, 'duration'), 5, 1000), state.signal);
      break;
  }
  if (state.debug && action.action !== 'debug')
    state.trace.push(
      `${action.action}${action.name ? ` ${action.name}` : ''} (${Math.round(performance.now() - started)} ms)`,
    );
}

/** The navigation URL with the input's query parameters merged in (the input's win, as nuclei). */
export function mergeInputQuery(url: string, inputQuery: string): string {
  if (inputQuery === '') return url;
  try {
    const parsed = new URL(url);
    for (const [k, v] of new URLSearchParams(inputQuery)) parsed.searchParams.set(k, v);
    return parsed.href;
  } catch {
    return url;
  }
}

async function screenshot(state: PageState, action: HeadlessAction): Promise<void> {
  let to = text(state, action, 'to');
  if (to === '') {
    to = randomKsuid();
    if (action.name) state.out.set(action.name, to);
  }
  // Where it would be written is checked before the page is captured: a refused path is refused
  // whatever the page does.
  const file = state.screenshotDir
    ? resolve(state.screenshotDir, to.endsWith('.png') ? to : `${to}.png`)
    : undefined;
  const inside = state.screenshotDir && file ? relative(state.screenshotDir, file) : '';
  if (file && !state.allowLocalFileAccess && (inside.startsWith('..') || isAbsolute(inside)))
    throw new ActionError(LFA_DENIED);
  // A file already there is refused before the page is captured too (nuclei never overwrites one).
  if (file && existsSync(file))
    throw new ActionError(`failed to write screenshot, file ${file} already exists`);
  const data = await captureScreenshot(state.page, action.args.fullpage === 'true');
  if (!file) return;
  if (action.args.mkdir === 'true') mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file)) throw new ActionError(`failed to write screenshot, file ${file} already exists`);
  writeFileSync(file, data);
  if (action.name && !state.out.has(action.name)) state.out.set(action.name, file);
}

/**
 * Chromium now and then answers a capture with `Unable to capture screenshot` and takes the same
 * picture when asked again a moment later (seen in our CI; robotframework-browser#5237): that one
 * error is retried once after 250 ms, any other fails the action.
 */
async function captureScreenshot(page: PageState['page'], fullPage: boolean): Promise<Buffer> {
  try {
    return await page.screenshot({ fullPage, type: 'png' });
  } catch (error) {
    if (!/Unable to capture screenshot/.test((error as Error).message)) throw error;
    await new Promise((r) => setTimeout(r, 250));
    return page.screenshot({ fullPage, type: 'png' });
  }
}

// Page-side helpers (serialised into the page by Playwright).

function inputTime(el: Node, when: number): void {
  const input = el as HTMLInputElement;
  const d = new Date(when);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  switch (input.type) {
    case 'date':
      input.value = date;
      break;
    case 'datetime-local':
      input.value = `${date}T${time}`;
      break;
    case 'time':
      input.value = time;
      break;
    case 'month':
      input.value = date.slice(0, 7);
      break;
    default:
      input.value = d.toISOString();
  }
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function selectOption(el: Node, arg: { value: string; selected: boolean; by: string }): boolean {
  const select = el as HTMLSelectElement;
  let picked = false;
  for (const option of Array.from(select.options ?? [])) {
    const hit =
      arg.by === 'r' || arg.by === 'regex'
        ? new RegExp(arg.value).test(option.text)
        : arg.by === 'css'
          ? option.matches(arg.value)
          : option.text.includes(arg.value);
    if (!hit) continue;
    option.selected = arg.selected;
    picked = true;
    if (!select.multiple) break;
  }
  if (picked) {
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  return picked;
}

/** The page's open requests, from its first navigate on (for `waitidle` and `waitstable`). */
const openRequests = new WeakMap<Page, Set<Request>>();

function watchRequests(page: Page): void {
  if (openRequests.has(page)) return;
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on('request', (r) => {
    // Chromium does not count event streams (nor does Playwright).
    if (r.resourceType() !== 'eventsource') open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Resolves once no request of the page (of a type not in `skip`) has been open for `quietMs`, or
 * after `timeoutMs`; never fails.
 */
async function networkQuiet(
  state: PageState,
  page: Page,
  quietMs: number,
  timeoutMs: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<void> {
  const open = openRequests.get(page) ?? new Set();
  const end = performance.now() + timeoutMs;
  let quietSince = performance.now();
  while (performance.now() < end && !state.signal.aborted) {
    if ([...open].some((r) => !skip.has(r.resourceType()))) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) return;
    await sleep(Math.min(50, end - performance.now()), state.signal);
  }
}

// rod's WaitRequestIdle leaves these out.
const NOT_WAITED_FOR = new Set(['websocket', 'eventsource', 'media', 'image', 'font']);

async function waitStable(arg: { duration: number; timeout: number }): Promise<void> {
  const end = Date.now() + arg.timeout;
  let last = Date.now();
  const observer = new MutationObserver(() => {
    last = Date.now();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    while (Date.now() - last < arg.duration) {
      if (Date.now() > end) throw new Error('the page did not become stable in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    observer.disconnect();
  }
}
