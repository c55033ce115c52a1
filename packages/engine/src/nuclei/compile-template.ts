import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParsedTemplate, YamlMap } from '@didban/core/templates';
import { compileFuzzing } from './fuzz/compile-fuzzing.js';
import type { HelperFileContext } from './load/helper-files.js';
import { compileOperators } from './operators/compile-operators.js';
import { type AttackType, loadPayloads, type PayloadSet } from './payloads/generate-payloads.js';
import { compileCodeBlock } from './protocols/code/run-code.js';
import { compileFileBlock } from './protocols/file/file-block.js';
import { compileHeadlessBlock } from './protocols/headless/headless-block.js';
import { type JavascriptBlock, javascriptFields } from './protocols/javascript/javascript-block.js';
import type { Block, CompiledTemplate, DnsBlock, HttpBlock, SslBlock, TcpBlock } from './template-model.js';
import type { ScanProtocol } from './types.js';
import { toByteString } from './util/bytes.js';
import { EMPTY, mapOrEmpty } from './util/empty.js';

const HISTORY = /_\d+\b/;
// Out-of-band use: the URL placeholder or an interactsh_* part; a mention in `info` does not count.
const INTERACTSH = /interactsh-url|interactsh_(protocol|request|response|ip)/;

/**
 * Whether any key or string in a parsed YAML value matches: the same answer as testing its JSON
 * text, without building that text for every block of every template at load.
 */
function anyText(value: unknown, re: RegExp): boolean {
  if (typeof value === 'string') return re.test(value);
  if (Array.isArray(value)) return value.some((v) => anyText(v, re));
  if (value && typeof value === 'object') {
    // A key loop, not Object.entries: no pair arrays for every map of every template at load.
    const map = value as Record<string, unknown>;
    for (const k in map) if (re.test(k) || anyText(map[k], re)) return true;
  }
  return false;
}
/**
 * anyText over a template's top-level keys and values except `info` (a mention there does not
 * count). A loop, not `const { info, ...body } = raw`: an object rest builds a copy with a map of
 * its own for every template.
 */
function anyTextBesidesInfo(raw: YamlMap, re: RegExp): boolean {
  for (const k in raw) if (k !== 'info' && (re.test(k) || anyText(raw[k], re))) return true;
  return false;
}
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes drawn in batches: one `randomInt` call per character cost ~2 µs a template at load.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** 27 base62 characters, the shape of a KSUID; uniform (bytes ≥ 248 = 4 × 62 are skipped). */
export function randomKsuid(): string {
  const codes: number[] = [];
  while (codes.length < 27) {
    if (poolAt === pool.length) {
      randomFillSync(pool);
      poolAt = 0;
    }
    const byte = pool[poolAt++]!;
    if (byte < 248) codes.push(BASE62.charCodeAt(byte % 62));
  }
  // One flat string (a `+=` chain would keep 26 cons cells per template alive).
  return String.fromCharCode(...codes);
}

const str = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : toByteString(String(v));
const list = (v: unknown): readonly string[] =>
  v === undefined || v === null
    ? EMPTY
    : mapOrEmpty(Array.isArray(v) ? v : [v], (x) => toByteString(String(x)));
const int = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : Number(v));

/** Text of the block without its payload lists, to detect which payloads and history fields are used. */
function usage(block: YamlMap): string {
  const { payloads: _payloads, ...rest } = block;
  return JSON.stringify(rest);
}

// Shared by every block without payloads (most): the set is read-only (`PayloadSet`).
const NO_PAYLOADS: PayloadSet = new Map<string, readonly string[]>();

/**
 * The fields every block has. Each block literal below lists them one by one instead of spreading
 * `base(…)`: in Node 20's V8 a spread's copy does not share the transitions of the properties added
 * after it, so every block got hidden classes of its own (40–50 µs a block at load, a third of
 * compiling the corpus, about 40 MB of the load's peak) and every field read while scanning met a
 * class it had not seen. Listed, all blocks of a protocol share one class, built in under 2 µs.
 * (`Object.assign(base(…), { … })` shares one class too, but the added fields then live in a
 * property array beside the object: 13 MB more held after loading `http/`, 64 MB against 51.)
 */
function base(block: YamlMap, index: number, dir: HelperFileContext, attackOverride?: AttackType) {
  // Most blocks have no payloads: their text is not serialised for nothing.
  const payloads = block.payloads
    ? loadPayloads(block.payloads as Record<string, unknown>, usage(block), dir)
    : NO_PAYLOADS;
  const attack =
    attackOverride ??
    (block.attack as AttackType | undefined) ??
    (payloads.size > 1 ? 'batteringram' : 'batteringram');
  return {
    index,
    id: str(block.id),
    operators: compileOperators(block),
    payloads,
    attack,
    needsHistory: anyText(
      [block.matchers, block.extractors, block.raw, block.path, block.body, block.headers],
      HISTORY,
    ),
  };
}

function httpBlock(b: YamlMap, index: number, dir: HelperFileContext, attack?: AttackType): HttpBlock {
  const common = base(b, index, dir, attack);
  return {
    index: common.index,
    id: common.id,
    operators: common.operators,
    payloads: common.payloads,
    attack: common.attack,
    needsHistory: common.needsHistory,
    protocol: 'http',
    method: String(b.method ?? 'GET'),
    paths: list(b.path),
    raw: list(b.raw),
    headers: mapOrEmpty(
      Object.entries((b.headers as Record<string, unknown>) ?? {}),
      ([k, v]) => [k, toByteString(String(v))] as const,
    ),
    body: str(b.body),
    redirects: b.redirects === true,
    hostRedirects: b['host-redirects'] === true,
    maxRedirects: int(b['max-redirects']),
    stopAtFirstMatch: b['stop-at-first-match'] === true,
    disableCookie: b['disable-cookie'] === true || b['cookie-reuse'] === false,
    unsafe: b.unsafe === true,
    race: b.race === true,
    raceCount: int(b.race_count) ?? 10,
    maxSize: int(b['max-size']),
    disablePathAutomerge: b['disable-path-automerge'] === true,
    iterateAll: b['iterate-all'] === true,
    skipVariablesCheck: b['skip-variables-check'] === true,
    fuzzing: compileFuzzing(b),
  };
}

function dnsBlock(b: YamlMap, index: number, dir: HelperFileContext, attack?: AttackType): DnsBlock {
  const common = base(b, index, dir, attack);
  return {
    index: common.index,
    id: common.id,
    operators: common.operators,
    payloads: common.payloads,
    attack: common.attack,
    needsHistory: common.needsHistory,
    protocol: 'dns',
    name: str(b.name) ?? '{{FQDN}}',
    type: String(b.type ?? 'A'),
    class: String(b.class ?? 'inet'),
    retries: int(b.retries),
    recursion: b.recursion !== false,
    resolvers: list(b.resolvers),
  };
}

function tcpBlock(b: YamlMap, index: number, dir: HelperFileContext, attack?: AttackType): TcpBlock {
  const inputs = ((b.inputs as YamlMap[] | undefined) ?? []).map((input, i) => {
    const data = String(input.data ?? '');
    const hex = input.type === 'hex';
    // As in Nuclei, `{{…}}` expressions are evaluated first and the result is hex-decoded at send time.
    const deferred = hex && data.includes('{{');
    if (hex && !deferred && !/^([0-9a-fA-F]{2})*$/.test(data.replace(/\s+/g, ''))) {
      throw new Error(`tcp[${index}].inputs[${i}].data: ${JSON.stringify(data)} is not valid hex`);
    }
    return {
      data:
        hex && !deferred
          ? Buffer.from(data.replace(/\s+/g, ''), 'hex').toString('latin1')
          : toByteString(data),
      hexAfterRender: deferred,
      read: int(input.read) ?? 0,
      name: str(input.name),
    };
  });
  const common = base(b, index, dir, attack);
  return {
    index: common.index,
    id: common.id,
    operators: common.operators,
    payloads: common.payloads,
    attack: common.attack,
    needsHistory: common.needsHistory,
    protocol: 'tcp',
    hosts: list(b.host),
    inputs,
    readSize: int(b['read-size']) ?? 1024,
    readAll: b['read-all'] === true,
    port: str(b.port),
  };
}

function javascriptBlock(
  b: YamlMap,
  index: number,
  dir: HelperFileContext,
  attack?: AttackType,
): JavascriptBlock {
  const fields = javascriptFields(b, dir.root ?? dir.dir);
  const common = base(b, index, dir, attack);
  return {
    index: common.index,
    id: common.id,
    operators: common.operators,
    payloads: common.payloads,
    attack: common.attack,
    needsHistory: common.needsHistory,
    // Listed, not spread: one hidden class for every javascript block (see base()).
    protocol: fields.protocol,
    code: fields.code,
    init: fields.init,
    preCondition: fields.preCondition,
    args: fields.args,
    ports: fields.ports,
    excludePorts: fields.excludePorts,
    threads: fields.threads,
    stopAtFirstMatch: fields.stopAtFirstMatch,
    filesRoot: fields.filesRoot,
    modules: fields.modules,
  };
}

function sslBlock(b: YamlMap, index: number, dir: HelperFileContext): SslBlock {
  const common = base(b, index, dir);
  return {
    index: common.index,
    id: common.id,
    operators: common.operators,
    payloads: common.payloads,
    attack: common.attack,
    needsHistory: common.needsHistory,
    protocol: 'ssl',
    address: str(b.address) ?? '{{Host}}:{{Port}}',
    minVersion: str(b.min_version),
    maxVersion: str(b.max_version),
  };
}

/**
 * A code block whose `source` is one line naming a file beside the template (nuclei's
 * ImportFileRefs): that file's text is the source. The signature covered its bytes (code-hook.ts).
 */
function withSourceFile(b: YamlMap, path: string | undefined): YamlMap {
  const source = typeof b.source === 'string' ? b.source : '';
  if (!source || source.includes('\n') || !/\.[A-Za-z0-9]+$/.test(source.trim())) return b;
  for (const candidate of [path ? resolve(dirname(path), source.trim()) : undefined, source.trim()]) {
    if (!candidate) continue;
    try {
      return { ...b, source: readFileSync(candidate, 'utf8') };
    } catch {}
  }
  return b;
}

/**
 * Compiles a parsed template's blocks. Throws with the block's path when a regex, hex value or
 * payload file is invalid.
 */
export function compileTemplate(
  parsed: ParsedTemplate,
  path: string | undefined,
  attack?: AttackType,
  templatesRoot?: string,
): CompiledTemplate {
  const dir: HelperFileContext = { dir: path ? dirname(path) : undefined, root: templatesRoot };
  const blocks: Block[] = [];
  const order: ScanProtocol[] = [];
  // Blocks run in the order their protocol keys appear in the file.
  for (const key of Object.keys(parsed.raw)) {
    const at = (kind: string, i: number, fn: () => Block) => {
      try {
        return fn();
      } catch (error) {
        throw new Error(`${kind}[${i}]: ${(error as Error).message}`);
      }
    };
    if (key === 'http' || key === 'requests') {
      for (const [i, b] of parsed.http.entries()) blocks.push(at(key, i, () => httpBlock(b, i, dir, attack)));
      order.push('http');
    } else if (key === 'dns') {
      for (const [i, b] of parsed.dns.entries()) blocks.push(at(key, i, () => dnsBlock(b, i, dir, attack)));
      order.push('dns');
    } else if (key === 'tcp' || key === 'network') {
      for (const [i, b] of parsed.tcp.entries()) blocks.push(at(key, i, () => tcpBlock(b, i, dir, attack)));
      order.push('tcp');
    } else if (key === 'ssl') {
      for (const [i, b] of parsed.ssl.entries()) blocks.push(at(key, i, () => sslBlock(b, i, dir)));
      order.push('ssl');
    } else if (key === 'headless' && Array.isArray(parsed.raw.headless)) {
      for (const [i, b] of (parsed.raw.headless as YamlMap[]).entries())
        blocks.push(at(key, i, () => compileHeadlessBlock(b, i, dir, attack)));
      order.push('headless');
    } else if (key === 'code' && Array.isArray(parsed.raw.code)) {
      for (const [i, b] of (parsed.raw.code as YamlMap[]).entries())
        blocks.push(at(key, i, () => compileCodeBlock(withSourceFile(b, path), i)));
      order.push('code');
    } else if (key === 'file' && Array.isArray(parsed.raw.file)) {
      for (const [i, b] of (parsed.raw.file as YamlMap[]).entries())
        blocks.push(at(key, i, () => compileFileBlock(b, i)));
      order.push('file');
    } else if (key === 'javascript' && Array.isArray(parsed.raw.javascript)) {
      for (const [i, b] of (parsed.raw.javascript as YamlMap[]).entries())
        blocks.push(at(key, i, () => javascriptBlock(b, i, dir, attack)));
      order.push('javascript');
    }
  }
  return {
    id: parsed.id,
    info: parsed.info,
    path,
    blocks,
    variables: mapOrEmpty(parsed.variables, ([k, v]) => [k, toByteString(v)] as const),
    constants: mapOrEmpty(parsed.constants, ([k, v]) => [k, toByteString(v)] as const),
    selfContained: parsed.selfContained || parsed.http.some((b) => b['self-contained'] === true),
    stopAtFirstMatch: parsed.raw['stop-at-first-match'] === true,
    needsInteractsh: anyTextBesidesInfo(parsed.raw, INTERACTSH),
    randstr: randomKsuid(),
    protocols: order,
  };
}
