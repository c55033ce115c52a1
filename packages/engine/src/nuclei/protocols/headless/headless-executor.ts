/**
 * Runs a `headless:` block: one leased page per payload combination, the steps in order, then
 * the operators on nuclei's headless fields — `data` (also `body`: the rendered DOM's `<html>`
 * outerHTML), `header` and `status_code` of the first response the page received (the
 * navigation), `history`, `matched` (the last URL), `req`, the named outputs of the actions and
 * the payload values.
 *
 * Scope: Chromium has no resolver and no UDP (browser-pool.ts); every request the page makes is
 * routed here and fetched by the engine's own HTTP client, only for http(s) on the target's own
 * host, under the scan's rate limit and request cap and, in a worker with a scope policy, its
 * socket guard. Anything else is aborted (`blockedbyclient`) and listed in the evidence.
 */
import type { Request, Route } from 'playwright-core';
import type { PageLease } from '../../../browser/browser-pool.js';
import { randomKsuid } from '../../compile-template.js';
import { renderTemplate } from '../../dsl/render.js';
import type { DslValue } from '../../dsl/values.js';
import { runFuzzHeadlessBlock } from '../../fuzz/run-fuzz-headless.js';
import { sendRequest } from '../../http/send-request.js';
import type { HttpResponse } from '../../http/types.js';
import { evaluateOperators } from '../../operators/evaluate-operators.js';
import { type PayloadCombo, payloadCombos } from '../../payloads/generate-payloads.js';
import type { BlockOutcome, TemplateRun } from '../../scan/context.js';
import { emitFindings, storeExtracted } from '../../scan/emit-findings.js';
import { LayeredScope } from '../../scan/layered-scope.js';
import { httpVariables } from '../../target.js';
import { onAbort } from '../../util/abort-registry.js';
import { matchBudget } from '../../util/budget.js';
import { fromByteString, toByteString } from '../../util/bytes.js';
import { partReader, resolveScheme } from '../http-executor.js';
import type { HeadlessBlock } from './headless-block.js';
import { type HeadlessScanOptions, headlessSkipReason } from './headless-options.js';
import { type PageState, type RouteRule, runAction } from './page-actions.js';

const NO_PAYLOADS: readonly PayloadCombo[] = [new Map()];

const RANDOM_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];

/** The User-Agent of the block's pages: `-H User-Agent`, then the block's choice, then the scan's. */
function userAgentOf(run: TemplateRun, block: HeadlessBlock): string {
  const fromHeaders = run.scan.options.headers.find(([k]) => k.toLowerCase() === 'user-agent')?.[1];
  if (fromHeaders) return fromByteString(fromHeaders);
  if (block.userAgent === 'custom' && block.customUserAgent) return block.customUserAgent;
  if (block.userAgent === 'random') return RANDOM_AGENTS[Math.floor(Math.random() * RANDOM_AGENTS.length)]!;
  return run.scan.options.userAgent;
}

interface HistoryItem {
  readonly request: string;
  readonly response: HttpResponse;
}

export async function runHeadlessBlock(run: TemplateRun, block: HeadlessBlock): Promise<BlockOutcome> {
  const { scan, template, target } = run;
  const headless = scan.options.headless as HeadlessScanOptions | undefined;
  // A workflow's headless step when the gate is closed or Chromium missing: skipped, saying why.
  const skip = headlessSkipReason(scan.options);
  if (skip || !headless?.pool) {
    scan.emit({
      type: 'skipped',
      templateId: template.id,
      target: target?.input,
      reason: skip ?? 'headless templates need a browser pool',
    });
    return { matched: false, matchedNames: [] };
  }
  if (!target) throw new Error('headless templates need a target');
  const scheme = await resolveScheme(scan, target);
  if (!scheme) {
    scan.emit({
      type: 'failure',
      templateId: template.id,
      target: target.input,
      protocol: 'headless',
      message: 'no HTTP or HTTPS service answered',
    });
    return { matched: false, matchedNames: [] };
  }
  const base = httpVariables(target, scheme);
  // DAST: the steps run once per fuzzed URL of the input (nuclei's headless fuzzing).
  if (block.fuzzing)
    return runFuzzHeadlessBlock(run, block, block.fuzzing, (r, combo, b) =>
      runOnce(r, block, headless, combo, b),
    );
  const matchedNames = new Set<string>();
  let matched = false;
  const stopOnMatch = block.stopAtFirstMatch || template.stopAtFirstMatch;
  const combos = block.payloads.size === 0 ? NO_PAYLOADS : payloadCombos(block.payloads, block.attack);
  for (const combo of combos) {
    if (scan.signal.aborted) break;
    const outcome = await runOnce(run, block, headless, combo, base);
    if (!outcome) continue;
    if (outcome.matched) {
      matched = true;
      for (const n of outcome.matchedNames) matchedNames.add(n);
      if (stopOnMatch) break;
    }
  }
  return { matched, matchedNames: [...matchedNames] };
}

async function runOnce(
  run: TemplateRun,
  block: HeadlessBlock,
  headless: HeadlessScanOptions,
  combo: PayloadCombo,
  base: ReadonlyMap<string, DslValue>,
): Promise<BlockOutcome | undefined> {
  const { scan, template, target } = run;
  const pool = headless.pool!;
  const out = new Map<string, DslValue>();
  const top = new Map<string, DslValue>();
  // Payload values are rendered against the variables first (`{{RootURL}}oast.live`), as nuclei's
  // RenderMap does before the steps see them.
  const values = new Map<string, DslValue>();
  const plain = new LayeredScope(new Map(), run.state, base);
  for (const [k, v] of combo) values.set(k, v.includes('{{') ? renderTemplate(v, plain) : v);
  // `{{randstr_N}}`: a random string per N, the same in every step of the run.
  for (const n of block.randstrNames) top.set(n, randomKsuid());
  const scope = new LayeredScope(top, out, values, run.state, base);
  // Variables that needed the target (`{{BaseURL}}/x`) are rendered now that it is known.
  for (const [name, expr] of run.lazyVariables) top.set(name, renderTemplate(expr, scope));
  let lease: PageLease;
  try {
    lease = await pool.lease({ userAgent: userAgentOf(run, block), signal: scan.signal });
  } catch (error) {
    if (!scan.signal.aborted) fail(run, (error as Error).message);
    return undefined;
  }
  // The template's budget or the scan's end closes the page, which ends any action waiting on it.
  const stopWatching = onAbort(scan.signal, () => void lease.release());
  const history: HistoryItem[] = [];
  const blocked: string[] = [];
  const rules: RouteRule[] = [];
  const targetHost = target!.host.toLowerCase();
  const fetchInScope = async (
    url: URL,
    method: string,
    headers: [string, string][],
    body: string,
  ): Promise<HttpResponse | undefined> => {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!/^https?:$/.test(url.protocol) || host !== targetHost) {
      blocked.push(url.href);
      return undefined;
    }
    if (!scan.limiter.unlimited) await scan.limiter.take(scan.signal);
    return sendRequest(
      { method, url: url.href, headers, body },
      { timeoutMs: pool.pageTimeoutMs, readLimit: scan.options.responseReadLimit, signal: scan.signal },
    );
  };
  const state: PageState = {
    lease,
    page: lease.page,
    scope,
    out,
    rules,
    dialogs: [],
    afterNavigate: [],
    signal: scan.signal,
    inputQuery: target!.query,
    allowLocalFileAccess: headless.allowLocalFileAccess === true,
    screenshotDir: headless.screenshotDir,
    fetchResource: async (raw) => {
      const res = await fetchInScope(new URL(raw), 'GET', [['User-Agent', scan.options.userAgent]], '');
      if (!res) throw new Error(`could not get resource ${raw}: out of scope`);
      return res.body;
    },
    debug: false,
    trace: [],
  };
  lease.page.on('dialog', (dialog) => {
    state.dialogs.push({ type: dialog.type(), message: dialog.message() });
    state.dialogWaiter?.();
    dialog.accept('').catch(() => {});
  });
  await lease.context.route('**/*', (route) =>
    handleRoute(route, run, block, rules, history, fetchInScope).catch(() =>
      route.abort('failed').catch(() => {}),
    ),
  );
  let failed: string | undefined;
  try {
    for (const [i, action] of block.steps.entries()) {
      if (scan.signal.aborted) return undefined;
      try {
        await runAction(state, action);
      } catch (error) {
        failed = `steps[${i}] ${action.action}: ${(error as Error).message.split('\n')[0]}`;
        break;
      }
    }
    if (scan.signal.aborted) return undefined;
    if (failed) {
      // nuclei: an action error fails the request, nothing is matched.
      fail(run, `error occurred executing action: ${failed}`);
      return undefined;
    }
    const page = lease.page;
    await page.waitForLoadState('domcontentloaded', { timeout: 5_000 }).catch(() => {});
    const html = await page
      .evaluate(() => (document.documentElement ? document.documentElement.outerHTML : ''))
      .catch(() => '');
    const body = toByteString(html);
    const first = history[0]?.response;
    const matchedUrl = page.url();
    const req = [
      ...block.steps.map((s) =>
        s.action === 'navigate'
          ? `navigate => ${page.url()}`
          : `${s.action}${s.name ? ` Name:${s.name}` : ''} ${Object.entries(s.args)
              .map(([k, v]) => `${k}:${v}`)
              .join(',')}`.trimEnd(),
      ),
      ...(state.trace.length > 0 ? ['debug trace:', ...state.trace] : []),
      ...blocked.map((u) => `blocked (out of scope): ${u}`),
    ].join('\n');
    const headerText = first ? first.headers.map(([k, v]) => `${k}: ${v}`).join('\n') : '';
    top.set('data', body);
    top.set('body', body);
    top.set('resp', body);
    top.set('header', headerText);
    if (first) top.set('status_code', first.status);
    top.set('history', history.map((h) => `${h.request}\n${dumpResponse(h.response)}`).join('\n'));
    top.set('host', target!.input);
    top.set('matched', matchedUrl);
    top.set('req', req);
    top.set('type', 'headless');
    const outcome = evaluateOperators(block.operators, {
      scope,
      part: partReader(scope),
      budget: matchBudget(scan.signal, scan.options.matchTimeoutMs),
    });
    storeExtracted(run, outcome.extracted);
    run.observe?.(outcome);
    if (outcome.findings.length > 0)
      emitFindings(run, 'headless', outcome, {
        matchedAt: toByteString(matchedUrl),
        request: toByteString(req),
        response: body,
        ip: first?.ip,
      });
    // Later blocks of the template see this one's fields, as nuclei's template context keeps them.
    if (template.blocks.length > 1) {
      const prefix = block.id ?? 'headless';
      for (const f of ['data', 'header', 'status_code'])
        if (top.has(f)) run.state.set(`${prefix}_${f}`, top.get(f));
      for (const [k, v] of out) run.state.set(k, v);
    }
    return { matched: outcome.matched, matchedNames: outcome.matchedNames };
  } finally {
    stopWatching();
    await lease.release();
  }
}

function fail(run: TemplateRun, message: string): void {
  run.scan.emit({
    type: 'failure',
    templateId: run.template.id,
    target: run.target?.input ?? '',
    protocol: 'headless',
    message,
  });
}

function dumpResponse(res: HttpResponse): string {
  return `HTTP/1.1 ${res.status} ${res.statusText}\n${res.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${res.body}`;
}

// Headers Chromium sets that the engine's client writes itself, or that no longer hold once the
// body is decoded.
const DROP_REQUEST = new Set(['host', 'content-length', 'connection', 'accept-encoding']);
const DROP_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection']);

async function handleRoute(
  route: Route,
  run: TemplateRun,
  block: HeadlessBlock,
  rules: RouteRule[],
  history: HistoryItem[],
  fetchInScope: (
    url: URL,
    method: string,
    headers: [string, string][],
    body: string,
  ) => Promise<HttpResponse | undefined>,
): Promise<void> {
  const request: Request = route.request();
  const url = new URL(request.url());
  let method = request.method();
  let headers: [string, string][] = (await request.headersArray())
    .filter(({ name }) => !name.startsWith(':') && !DROP_REQUEST.has(name.toLowerCase()))
    .map(({ name, value }) => [name, value]);
  let body = request.postDataBuffer()?.toString('latin1') ?? '';
  for (const [k, v] of run.scan.options.headers) setHeader(headers, fromByteString(k), fromByteString(v));
  for (const rule of rules) {
    if (rule.part !== 'request') continue;
    if (rule.action === 'setmethod') {
      if (!rule.used) {
        rule.used = true;
        method = rule.value;
      }
    } else if (rule.action === 'addheader') headers.push([rule.key, rule.value]);
    else if (rule.action === 'setheader') setHeader(headers, rule.key, rule.value);
    else if (rule.action === 'deleteheader')
      headers = headers.filter(([k]) => k.toLowerCase() !== rule.key.toLowerCase());
    else if (rule.action === 'setbody') body = rule.value;
  }
  if (!block.disableCookie) {
    const existing = headers.find(([k]) => k.toLowerCase() === 'cookie')?.[1];
    const cookie = run.cookies.header(existing);
    if (cookie !== undefined) setHeader(headers, 'Cookie', cookie);
  }
  const res = await fetchInScope(url, method, headers, body);
  if (!res) {
    await route.abort('blockedbyclient');
    return;
  }
  if (!block.disableCookie) {
    const set = res.headers.filter(([k]) => k.toLowerCase() === 'set-cookie').map(([, v]) => v);
    if (set.length > 0) run.cookies.store(set);
  }
  let resHeaders: [string, string][] = res.headers
    .filter(([k]) => !DROP_RESPONSE.has(k.toLowerCase()))
    .map(([k, v]) => [k, v]);
  let resBody = res.body;
  for (const rule of rules) {
    if (rule.part !== 'response') continue;
    if (rule.action === 'addheader') resHeaders.push([rule.key, rule.value]);
    else if (rule.action === 'setheader') setHeader(resHeaders, rule.key, rule.value);
    else if (rule.action === 'deleteheader')
      resHeaders = resHeaders.filter(([k]) => k.toLowerCase() !== rule.key.toLowerCase());
    else if (rule.action === 'setbody') resBody = rule.value;
  }
  const shown: HttpResponse = { ...res, headers: resHeaders, body: resBody };
  history.push({ request: res.requestDump, response: shown });
  const merged: Record<string, string> = {};
  for (const [k, v] of resHeaders) {
    const name = k.toLowerCase();
    merged[name] =
      merged[name] === undefined ? v : `${merged[name]}${name === 'set-cookie' ? '\n' : ', '}${v}`;
  }
  await route.fulfill({ status: res.status, headers: merged, body: Buffer.from(resBody, 'latin1') });
}

function setHeader(headers: [string, string][], key: string, value: string): void {
  const lower = key.toLowerCase();
  const at = headers.findIndex(([k]) => k.toLowerCase() === lower);
  if (at < 0) headers.push([key, value]);
  else {
    headers[at] = [key, value];
    for (let i = headers.length - 1; i > at; i--)
      if (headers[i]![0].toLowerCase() === lower) headers.splice(i, 1);
  }
}
