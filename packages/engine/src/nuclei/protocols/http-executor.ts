import { prefetchJarm } from '../dsl/jarm/jarm-helper.js';
import { renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import { toStr } from '../dsl/values.js';
import { sleep, waitForSeconds } from '../dsl/wait-for.js';
import { runFuzzHttpBlock } from '../fuzz/run-fuzz-http.js';
import { type BuiltRequest, buildPathRequest, buildRawRequest } from '../http/build-request.js';
import { crlfIfBare } from '../http/raw-request.js';
import { withoutBody } from '../http/received-response.js';
import {
  evidenceOf,
  HISTORY_FIELDS,
  headerDump,
  type ResponseFieldMap,
  responseFields,
} from '../http/response-fields.js';
import { sendRequest } from '../http/send-request.js';
import { sendUnsafe } from '../http/send-unsafe.js';
import { type HttpRequestSpec, type HttpResponse, NetworkError } from '../http/types.js';
import type { Interaction } from '../interactsh/interactsh-client.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import { payloadCombos } from '../payloads/generate-payloads.js';
import type { BlockOutcome, ScanContext, TemplateRun } from '../scan/context.js';
import { emitFindings, storeExtracted } from '../scan/emit-findings.js';
import { hostErrorKey } from '../scan/host-errors.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { RequestCluster } from '../scan/request-cluster.js';
import { hostname, httpVariables, type Target } from '../target.js';
import type { HttpBlock } from '../template-model.js';
import { matchBudget } from '../util/budget.js';
import { exportFields, exportsFields } from './export-fields.js';

type Scheme = 'http' | 'https';

/** Resolves the scheme of an input without one: https first, http first for 80, 8080 and ports above 1024. */
export function resolveScheme(scan: ScanContext, target: Target): Promise<Scheme | undefined> {
  if (target.scheme) return Promise.resolve(target.scheme);
  const key = hostname(target);
  let found = scan.schemes.get(key);
  if (!found) {
    const port = target.explicitPort;
    const order: Scheme[] =
      port === 80 || port === 8080 || (port !== undefined && port > 1024)
        ? ['http', 'https']
        : ['https', 'http'];
    found = (async () => {
      for (const scheme of order) {
        const url = `${scheme}://${key}/`;
        try {
          await sendRequest(
            { method: 'GET', url, headers: [['User-Agent', scan.options.userAgent]], body: '' },
            {
              timeoutMs: scan.options.timeoutMs,
              readLimit: 1,
              signal: scan.signal,
              ...(scan.hostLookup ? { lookup: scan.hostLookup } : {}),
            },
          );
          return scheme;
        } catch {
          // try the next scheme
        }
      }
      return undefined;
    })();
    scan.schemes.set(key, found);
  }
  return found;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const isRedirect = (status: number) => REDIRECTS.has(status);

// Self-contained runs have no target variables; one shared empty map instead of one per run.
const EMPTY: ReadonlyMap<string, DslValue> = new Map<string, DslValue>();
// Blocks without payloads (most) run once with no payload variables: one shared empty
// combination instead of a generator and a Map per run. Payload layers are only read.
const NO_PAYLOADS: readonly Map<string, DslValue>[] = [new Map<string, DslValue>()];
// Without iterate-all a request is sent once, unbound.
const UNBOUND: readonly undefined[] = [undefined];

type BlockRequest =
  | { readonly raw: string; readonly path?: undefined }
  | { readonly path: string; readonly raw?: undefined };
// The block's request list is the same for every target: built once per block, not per run.
const blockRequests = new WeakMap<HttpBlock, readonly BlockRequest[]>();
function requestsOf(block: HttpBlock): readonly BlockRequest[] {
  let list = blockRequests.get(block);
  if (!list) {
    // Raw requests get nuclei's CRLF rule on the template text, before any value is put in.
    list =
      block.raw.length > 0
        ? block.raw.map((raw) => ({ raw: crlfIfBare(raw) }))
        : block.paths.map((path) => ({ path }));
    blockRequests.set(block, list);
  }
  return list;
}

/** Runs one HTTP block for one target: payload combinations × requests, with history and redirects. */
export async function runHttpBlock(run: TemplateRun, block: HttpBlock): Promise<BlockOutcome> {
  // A fuzzing block alters its input's request instead of sending its own paths (DAST).
  if (block.fuzzing) return runFuzzHttpBlock(run, block, block.fuzzing);
  const { scan, target, template } = run;
  let base: ReadonlyMap<string, DslValue> = EMPTY;
  let root: string | undefined;
  // One host string per run (hostname() builds a new string on every call).
  const host = target ? hostname(target) : undefined;
  let scheme: Scheme | undefined;
  if (target) {
    // An input with a scheme (the usual case) needs no await.
    scheme = target.scheme ?? (await resolveScheme(scan, target));
    if (!scheme) {
      scan.hostErrors.record(hostErrorKey(target));
      scan.emit({
        type: 'failure',
        templateId: template.id,
        target: target.input,
        protocol: 'http',
        message: 'no HTTP or HTTPS service answered',
      });
      return { matched: false, matchedNames: [] };
    }
    let perScheme = scan.variables.get(target);
    if (!perScheme) {
      perScheme = {};
      scan.variables.set(target, perScheme);
    }
    base = perScheme[scheme] ??= httpVariables(target, scheme);
    root = String(base.get('RootURL'));
  }
  const requests = requestsOf(block);
  const found: BlockMatches = {
    matched: false,
    names: new Set<string>(),
    host,
    // `_N` history lives as long as the block's run, across payload combinations (nuclei's
    // previousEvent): request N of the next combination overwrites `_N`, the other keys stay.
    history: block.needsHistory ? new Map<string, DslValue>() : EMPTY,
  };
  const stopOnMatch = block.stopAtFirstMatch || template.stopAtFirstMatch;
  const outcome = (): BlockOutcome => ({ matched: found.matched, matchedNames: [...found.names] });

  const combos = block.payloads.size === 0 ? NO_PAYLOADS : payloadCombos(block.payloads, block.attack);
  // The responses of a request are held only while its operators run: an async function keeps
  // every local of its frame across each `await`, so a response left in one (its body up to the
  // read cap, 10 MiB) stayed alive while the block waited for its next request; 25 templates
  // against a host answering endless bodies held 15 of them at once (docs/benchmarks.md, "An
  // endless body"). They go in `one` or `race` and are dropped before the next `await`.
  let one: HttpResponse[] | undefined;
  let race: (HttpResponse[] | undefined)[] | undefined;
  for (const combo of combos) {
    for (let i = 0; i < requests.length; i++) {
      const request = requests[i]!;
      // iterate-all: a request using an extractor's several values is sent once per value.
      const source = request.raw ?? request.path!;
      for (const binding of block.iterateAll ? listBindings(source, run.state) : UNBOUND) {
        if (scan.signal.aborted) return outcome();
        if (!scan.hostErrors.empty && target && scan.hostErrors.isBlocked(hostErrorKey(target, scheme)))
          return reportBlocked(run, found.matched, found.names, scheme);
        const oob = template.needsInteractsh && scan.interactsh ? new OobWatch(run, block) : undefined;
        // Each `{{interactsh-url}}` the request renders is a callback host of its own (nuclei's
        // ReplaceMarkers), all watched for this request.
        const top = oob ? new OobScopeMap(oob) : new Map<string, DslValue>();
        if (binding) top.set(binding[0], binding[1]);
        const scope = new LayeredScope(top, combo as Map<string, DslValue>, run.state, base);
        for (const [name, expr] of run.lazyVariables) top.set(name, renderTemplate(expr, scope));
        const wait = waitForSeconds(source, scope);
        if (wait > 0) await sleep(wait * 1000, scan.signal);
        const built = safeBuild(run, block, request, scope, root);
        if (!built) {
          // A request nuclei cannot build (a `{{variable}}` left unresolved, a build error) ends
          // the block: "If a variable is unresolved, skip all further requests" (request.go).
          // The template's later blocks still run.
          oob?.cancel();
          return outcome();
        }
        const req: ChainRequest = { run, block, index: i + 1, top, combo, base, oob };
        let matching: Promise<void> | undefined;
        if (block.race) {
          race = await Promise.all(
            Array.from({ length: block.raceCount }, () => sendChain(run, block, built)),
          );
          matching = matchChains(found, req, race, 0);
        } else {
          one = await sendChain(run, block, built);
          matching = one ? matchChain(found, req, one) : undefined;
        }
        one = undefined;
        race = undefined;
        if (matching) await matching;
        if (found.matched && stopOnMatch) return outcome();
      }
    }
  }
  return outcome();
}

/** What a block's run has matched so far, and what every response of the run is matched with. */
interface BlockMatches {
  matched: boolean;
  readonly names: Set<string>;
  /** The target's host string (undefined for self-contained runs: the URL's host then). */
  readonly host: string | undefined;
  readonly history: ReadonlyMap<string, DslValue>;
}

/** One request of a block: its number (`_N`), its variables and its out-of-band watch. */
interface ChainRequest {
  readonly run: TemplateRun;
  readonly block: HttpBlock;
  readonly index: number;
  readonly top: Map<string, DslValue>;
  readonly combo: ReadonlyMap<string, DslValue>;
  /** The target's variables for the scheme in use. */
  readonly base: ReadonlyMap<string, DslValue>;
  readonly oob: OobWatch | undefined;
}

/** The chains of a race, one after the other; a promise only when a matcher waits (jarm). */
function matchChains(
  found: BlockMatches,
  req: ChainRequest,
  chains: readonly (HttpResponse[] | undefined)[],
  from: number,
): Promise<void> | undefined {
  for (let c = from; c < chains.length; c++) {
    const chain = chains[c];
    if (!chain) continue;
    const pending = matchChain(found, req, chain);
    if (pending) return pending.then(() => matchChains(found, req, chains, c + 1));
  }
  return undefined;
}

/**
 * The operators on every hop of one chain (redirects included), then what later blocks see of it.
 * Synchronous unless a matcher needs a jarm fingerprint first.
 */
function matchChain(
  found: BlockMatches,
  req: ChainRequest,
  chain: HttpResponse[],
): Promise<void> | undefined {
  const { run, block, index } = req;
  const { template } = run;
  const last = chain[chain.length - 1]!;
  const lastFields = responseFields(last, found.host ?? new URL(last.url).host);
  // Multi-protocol templates and flows: every field, before this block's operators read them.
  const exporting = exportsFields(template);
  if (exporting) exportFields(run, block, lastFields.materialize());
  // `_N` history costs a copy of every field, so it is kept only when the block uses it.
  if (block.needsHistory) {
    const kept = found.history as Map<string, DslValue>;
    for (const [k, v] of lastFields.materialize()) kept.set(`${k}_${index}`, v);
    if (index === 1)
      for (const f of ['status_code', 'body', 'header']) kept.set(`first_${f}`, lastFields.get(f));
  }
  const pending = matchHops(found, req, chain, lastFields, 0);
  if (pending) return pending.then(() => keepForLaterBlocks(run, block, lastFields, exporting));
  keepForLaterBlocks(run, block, lastFields, exporting);
  return undefined;
}

/**
 * Several http blocks: later blocks see this block's fields as `<id>_<field>` (or `http_<field>`),
 * as nuclei's FillPreviousEvent does.
 */
function keepForLaterBlocks(
  run: TemplateRun,
  block: HttpBlock,
  lastFields: ResponseFieldMap,
  exporting: boolean,
): void {
  if (exporting || run.template.blocks.length <= 1) return;
  const prefix = block.id ?? 'http';
  for (const f of HISTORY_FIELDS) run.state.set(`${prefix}_${f}`, lastFields.get(f));
}

/**
 * With history the operators run after every request too, on the fields so far (an expression
 * naming a later `_N` fails until that request is made), as nuclei does. From hop `from` on.
 */
function matchHops(
  found: BlockMatches,
  req: ChainRequest,
  chain: HttpResponse[],
  lastFields: ResponseFieldMap,
  from: number,
): Promise<void> | undefined {
  const { run, block, top, combo } = req;
  for (let hop = from; hop < chain.length; hop++) {
    const isLast = hop === chain.length - 1;
    const fields = isLast
      ? lastFields
      : responseFields(withoutBody(chain[hop]!), lastFields.get('host') as string);
    const opScope = new LayeredScope(
      fields,
      top,
      combo as Map<string, DslValue>,
      found.history,
      run.state,
      req.base,
    );
    const jarm = prefetchJarm(block.operators, opScope, {
      timeoutMs: run.scan.options.timeoutMs,
      signal: run.scan.signal,
    });
    if (jarm)
      return jarm.then(() => {
        matchHop(found, req, chain[hop]!, fields, opScope, isLast);
        return matchHops(found, req, chain, lastFields, hop + 1);
      });
    matchHop(found, req, chain[hop]!, fields, opScope, isLast);
  }
  return undefined;
}

function matchHop(
  found: BlockMatches,
  req: ChainRequest,
  res: HttpResponse,
  fields: ResponseFieldMap,
  opScope: LayeredScope,
  isLast: boolean,
): void {
  const { run, block, oob } = req;
  const outcome = evaluateOperators(block.operators, {
    scope: opScope,
    part: partReader(opScope),
    budget: matchBudget(run.scan.signal, run.scan.options.matchTimeoutMs),
  });
  if (oob && isLast) oob.arm(outcome.matched, opScope, res);
  storeExtracted(run, outcome.extracted, block.iterateAll);
  // A flow call reads the operator result of every response (see js/flow/call-result.ts).
  run.observe?.(outcome);
  if (outcome.findings.length > 0) {
    emitFindings(run, 'http', outcome, {
      matchedAt: res.url,
      request: res.requestDump,
      // The head dump a `part: header` matcher already built is reused.
      response: fields.responseDump(run.scan.options.evidenceLimit),
      ip: res.ip,
    });
  }
  if (outcome.matched) {
    found.matched = true;
    for (const n of outcome.matchedNames) found.names.add(n);
  }
}

function safeBuild(
  run: TemplateRun,
  block: HttpBlock,
  request: BlockRequest,
  scope: LayeredScope,
  root: string | undefined,
): BuiltRequest | undefined {
  const { target, scan } = run;
  try {
    const built =
      request.raw !== undefined
        ? buildRawRequest(block, request.raw, scope, target, root, scan.options.userAgent)
        : buildPathRequest(block, request.path, scope, target, scan.options.userAgent);
    return built && scan.options.headers.length > 0 ? withExtraHeaders(built, scan.options.headers) : built;
  } catch (error) {
    run.scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: run.target?.input ?? '',
      protocol: 'http',
      message: `could not build request: ${(error as Error).message}`,
    });
    return undefined;
  }
}

/** `-H name: value`: replaces the template's header of that name (case-insensitive) or adds it. */
function withExtraHeaders(built: BuiltRequest, extra: readonly (readonly [string, string])[]): BuiltRequest {
  if (built.spec.rawBytes !== undefined) return built;
  const names = new Set(extra.map(([k]) => k.toLowerCase()));
  const headers = [...built.spec.headers.filter(([k]) => !names.has(k.toLowerCase())), ...extra];
  return { ...built, spec: { ...built.spec, headers } };
}

function reportBlocked(
  run: TemplateRun,
  matched: boolean,
  names: Set<string>,
  scheme: Scheme | undefined,
): BlockOutcome {
  if (run.scan.hostErrors.shouldReport(hostErrorKey(run.target!, scheme))) {
    run.scan.emit({
      type: 'skipped',
      templateId: run.template.id,
      target: run.target!.input,
      reason: `host skipped after ${run.scan.options.maxHostErrors} network errors (max host errors)`,
    });
  }
  return { matched, matchedNames: [...names] };
}

/** Text of a `part`: body by default; `header`, `response`, `all`, single headers, `_N` fields. */
export function partReader(scope: LayeredScope): (part: string | undefined) => string | undefined {
  return (part) => {
    const name = (part ?? 'body').toLowerCase();
    if (name === 'all') {
      const body = scope.get('body');
      const header = scope.get('header');
      return body === undefined && header === undefined ? undefined : toStr(body) + toStr(header);
    }
    const key = name === 'all_headers' ? 'header' : name.includes('-') ? name.replace(/-/g, '_') : name;
    if (!scope.has(key)) return undefined;
    return toStr(scope.get(key));
  };
}

/**
 * Sends with retries, cookies and redirects; returns every hop, or undefined after a recorded
 * failure. The first hop has no async frame of its own (most requests are one hop).
 */
export function sendChain(
  run: TemplateRun,
  block: HttpBlock,
  built: BuiltRequest,
): Promise<HttpResponse[] | undefined> {
  return sendWithRetries(run, block, built.spec, built.timeoutMs).then((res) =>
    res ? afterHop(run, block, built, [res], built.spec) : undefined,
  );
}

/** Keeps the last hop's cookies, then follows its redirect when the block and options say so. */
function afterHop(
  run: TemplateRun,
  block: HttpBlock,
  built: BuiltRequest,
  chain: HttpResponse[],
  spec: HttpRequestSpec,
): HttpResponse[] | Promise<HttpResponse[]> {
  const res = chain[chain.length - 1]!;
  // A response clears the host's error count (nuclei's MarkFailedOrRemove with no error).
  if (!run.scan.hostErrors.empty && run.target) run.scan.hostErrors.clear(errorKeyOf(run, spec.url));
  if (!block.disableCookie) {
    // Most responses set no cookie: no arrays unless one does.
    let setCookies: string[] | undefined;
    for (const [k, v] of res.headers) {
      if (k.length !== 10 || k.toLowerCase() !== 'set-cookie') continue;
      setCookies ??= [];
      setCookies.push(v);
    }
    if (setCookies) run.cookies.store(setCookies);
  }
  const next = redirectSpec(run, block, spec, res, chain.length - 1);
  return next ? followRedirect(run, block, built, chain, next) : chain;
}

async function followRedirect(
  run: TemplateRun,
  block: HttpBlock,
  built: BuiltRequest,
  chain: HttpResponse[],
  spec: HttpRequestSpec,
): Promise<HttpResponse[]> {
  const res = await sendWithRetries(run, block, spec, built.timeoutMs);
  if (!res) return chain;
  chain.push(res);
  return afterHop(run, block, built, chain, spec);
}

/** The request for the redirect `res` asks for, or undefined when it is not followed. */
function redirectSpec(
  run: TemplateRun,
  block: HttpBlock,
  spec: HttpRequestSpec,
  res: HttpResponse,
  hop: number,
): HttpRequestSpec | undefined {
  const { scan } = run;
  const follow =
    !scan.options.disableRedirects &&
    (block.redirects || block.hostRedirects || scan.options.followRedirects);
  if (!follow || !isRedirect(res.status)) return undefined;
  const maxRedirects = block.maxRedirects ?? scan.options.maxRedirects;
  const location = res.headers.find(([k]) => k.toLowerCase() === 'location')?.[1];
  if (!location || hop >= maxRedirects) return undefined;
  let next: URL;
  try {
    next = new URL(location, res.url);
  } catch {
    return undefined;
  }
  const current = new URL(res.url);
  // host-redirects alone only follows redirects that stay on the same host.
  if (!block.redirects && !scan.options.followRedirects && next.host !== current.host) return undefined;
  const keepMethod = res.status === 307 || res.status === 308;
  const headers = spec.headers.filter(
    ([k]) =>
      !['host', 'content-length', 'cookie', 'content-type'].includes(k.toLowerCase()) ||
      (keepMethod && k.toLowerCase() === 'content-type'),
  );
  return {
    method: keepMethod ? spec.method : spec.method === 'HEAD' ? 'HEAD' : 'GET',
    url: next.href,
    headers,
    body: keepMethod ? spec.body : '',
  };
}

/** The request's own Cookie header, if any (a loop: this runs for every request). */
function cookieHeader(headers: HttpRequestSpec['headers']): string | undefined {
  for (const [k, v] of headers) if (k.length === 6 && k.toLowerCase() === 'cookie') return v;
  return undefined;
}

// Not `async`: it only hands on sendOnce's promise, and an async function returning a promise
// adopts it through two more microtask jobs on every request.
function sendWithRetries(
  run: TemplateRun,
  block: HttpBlock,
  spec: HttpRequestSpec,
  timeoutMs?: number,
): Promise<HttpResponse | undefined> {
  const { scan } = run;
  const cookie = block.disableCookie ? undefined : run.cookies.header(cookieHeader(spec.headers));
  const withCookie: HttpRequestSpec = cookie
    ? {
        ...spec,
        headers: [...spec.headers.filter(([k]) => k.toLowerCase() !== 'cookie'), ['Cookie', cookie]],
      }
    : spec;
  const opts = {
    timeoutMs: timeoutMs ?? scan.options.responseTimeoutMs ?? scan.options.timeoutMs * 3,
    readLimit: block.maxSize ?? scan.options.responseReadLimit,
    signal: scan.signal,
    ...(scan.hostLookup ? { lookup: scan.hostLookup } : {}),
  };
  const send = () =>
    withCookie.rawBytes !== undefined ? sendUnsafe(withCookie, opts) : sendRequest(withCookie, opts);
  // Single, payload-free requests are shared between templates (nuclei's clustering).
  const clusterKey = scan.cluster?.wants(run.template, block)
    ? RequestCluster.key(withCookie, opts.readLimit)
    : undefined;
  if (clusterKey !== undefined)
    return scan.cluster!.run(clusterKey, () => sendOnce(run, spec, send), scan.cluster!.takers(block));
  return sendOnce(run, spec, send);
}

/**
 * The first attempt without an async frame when no rate limit applies (the common case: one
 * promise layer less per request); later attempts and rate-limited sends in `sendAttempts`.
 */
function sendOnce(
  run: TemplateRun,
  spec: HttpRequestSpec,
  send: () => Promise<HttpResponse>,
): Promise<HttpResponse | undefined> {
  const { scan } = run;
  if (!scan.limiter.unlimited) return sendAttempts(run, spec, send, 0, undefined);
  if (scan.signal.aborted) return Promise.resolve(undefined);
  let sent: Promise<HttpResponse>;
  try {
    sent = send();
  } catch (error) {
    // Thrown before sending (a URL that does not parse): no retry, as in sendAttempts.
    return Promise.resolve(failed(run, spec, error as Error));
  }
  return sent.then(undefined, (error: Error) =>
    scan.signal.aborted || !(error instanceof NetworkError)
      ? failed(run, spec, error)
      : sendAttempts(run, spec, send, 1, error),
  );
}

async function sendAttempts(
  run: TemplateRun,
  spec: HttpRequestSpec,
  send: () => Promise<HttpResponse>,
  first: number,
  lastError: Error | undefined,
): Promise<HttpResponse | undefined> {
  const { scan } = run;
  for (let attempt = first; attempt <= scan.options.retries; attempt++) {
    if (scan.signal.aborted) return undefined;
    try {
      if (!scan.limiter.unlimited) await scan.limiter.take(scan.signal);
      return await send();
    } catch (error) {
      lastError = error as Error;
      if (scan.signal.aborted || !(error instanceof NetworkError)) break;
    }
  }
  return failed(run, spec, lastError);
}

/** The input's host:port with the scheme of the URL sent (the input's own address, as nuclei keys it). */
function errorKeyOf(run: TemplateRun, url: string): string {
  return hostErrorKey(run.target!, url.charCodeAt(4) === 115 /* https */ ? 'https' : 'http');
}

/** Every attempt failed: the host's error count and a failure event (none once the scan stopped). */
function failed(run: TemplateRun, spec: HttpRequestSpec, lastError: Error | undefined): undefined {
  const { scan } = run;
  if (!scan.signal.aborted) {
    // Only network errors count (a URL that does not parse is the template's fault).
    if (lastError instanceof NetworkError) {
      scan.hostErrors.record(run.target ? errorKeyOf(run, spec.url) : new URL(spec.url).host);
    }
    scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: run.target?.input ?? spec.url,
      protocol: 'http',
      message: `${spec.method} ${spec.url}: ${lastError?.message ?? 'failed'}`,
    });
  }
  return undefined;
}

/**
 * Out-of-band matching for one request: if the operators did not match on the response, they are
 * evaluated again when the interactsh server reports a callback for this request's URL.
 */
export class OobWatch {
  /** The request's first callback host; `next()` hands out one more per further occurrence. */
  readonly host: string;
  private readonly hosts: string[];
  private armed: { scope: LayeredScope; res: HttpResponse } | undefined;
  private done = false;

  constructor(
    private readonly run: TemplateRun,
    private readonly block: HttpBlock,
  ) {
    this.host = run.scan.interactsh!.newUrl((i) => this.onInteraction(i));
    this.hosts = [];
  }

  /** The host for the next `{{interactsh-url}}` rendered: the first, then a new one each time. */
  next(): string {
    const host =
      this.hosts.length === 0 ? this.host : this.run.scan.interactsh!.newUrl((i) => this.onInteraction(i));
    this.hosts.push(host);
    return host;
  }

  arm(matched: boolean, scope: LayeredScope, res: HttpResponse): void {
    if (matched) this.cancel();
    else this.armed = { scope, res };
  }

  cancel(): void {
    this.done = true;
    this.run.scan.interactsh!.forget(this.host);
    for (const host of this.hosts) if (host !== this.host) this.run.scan.interactsh!.forget(host);
  }

  private onInteraction(i: Interaction): void {
    if (this.done || !this.armed) return;
    const fields = new Map<string, DslValue>([
      ['interactsh_protocol', i.protocol],
      // As nuclei: a DNS request is matched lower-cased (resolvers may randomise a name's case, 0x20).
      ['interactsh_request', i.protocol === 'dns' ? i.rawRequest.toLowerCase() : i.rawRequest],
      ['interactsh_response', i.rawResponse],
      ['interactsh_ip', i.remoteAddress],
    ]);
    const scope = new LayeredScope(fields, this.armed.scope);
    const outcome = evaluateOperators(this.block.operators, {
      scope,
      part: partReader(scope),
      budget: matchBudget(this.run.scan.signal, this.run.scan.options.matchTimeoutMs),
    });
    if (!outcome.matched) return;
    const { res } = this.armed;
    emitFindings(this.run, 'http', outcome, {
      matchedAt: res.url,
      request: res.requestDump,
      response: evidenceOf(headerDump(res), res.body, this.run.scan.options.evidenceLimit),
      ip: res.ip,
    });
    this.cancel();
  }
}

/**
 * A request's own variables where every read of `interactsh-url` (each placeholder the renderer
 * fills) is a new callback host of the request's watch.
 */
class OobScopeMap extends Map<string, DslValue> {
  constructor(private readonly oob: OobWatch) {
    super();
  }

  override get(name: string): DslValue | undefined {
    return name === 'interactsh-url' ? this.oob.next() : super.get(name);
  }

  override has(name: string): boolean {
    return name === 'interactsh-url' || super.has(name);
  }
}

/** For iterate-all: one binding per value of the first list-valued variable the request uses. */
function listBindings(
  source: string,
  state: ReadonlyMap<string, DslValue>,
): ([string, string] | undefined)[] {
  for (const [name, value] of state) {
    if (Array.isArray(value) && source.includes(`{{${name}}}`))
      return value.map((v) => [name, toStr(v)] as [string, string]);
  }
  return [undefined];
}
