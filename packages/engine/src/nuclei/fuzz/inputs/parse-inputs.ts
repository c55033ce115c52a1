/**
 * The request lists a fuzzing scan takes, in nuclei's input formats (`-im`, pkg/input/formats):
 * `list` (URLs, one a line), `burp` (Burp Suite's "Save items" XML), `openapi` / `swagger`
 * (an OpenAPI 3 / Swagger 2 document: one example request per operation), `jsonl` / `yaml`
 * (nuclei's and proxify's request records: `{url, request: {raw}}`). Anything malformed throws a
 * FuzzInputError saying what and where, before a request is sent.
 */
import { XMLParser } from 'fast-xml-parser';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { type FuzzInput, FuzzInputError, type FuzzInputFormat } from '../fuzz-input.js';
import { openApiRequests } from './openapi.js';

export interface ParseInputsOptions {
  /** For an OpenAPI document without an absolute server URL, and raw requests without a URL: `http(s)://host:port`. */
  readonly baseUrl?: string;
}

/**
 * Parses an input file's text in the given format.
 * @example parseFuzzInputs('http://127.0.0.1:8080/search?q=a\n', 'list') // [{ method: 'GET', url: …, headers: [] }]
 */
export function parseFuzzInputs(
  text: string,
  format: FuzzInputFormat,
  options: ParseInputsOptions = {},
): FuzzInput[] {
  switch (format) {
    case 'list':
      return listInputs(text);
    case 'burp':
      return burpInputs(text);
    case 'openapi':
    case 'swagger':
      return openApiRequests(parseDocument(text, format), format, options.baseUrl);
    case 'jsonl':
      return recordInputs(jsonLines(text), options.baseUrl);
    case 'yaml':
      return recordInputs(yamlDocuments(text), options.baseUrl);
  }
}

/** One URL a line; blank lines and `#` comments skipped; a bare `host[:port][/path]` is taken as http. */
function listInputs(text: string): FuzzInput[] {
  const out: FuzzInput[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(line) ? line : `http://${line}`;
    if (!/^https?:\/\//i.test(url)) throw new FuzzInputError(`line ${i + 1}: not an http(s) URL: ${line}`);
    try {
      new URL(url);
    } catch {
      throw new FuzzInputError(`line ${i + 1}: not a valid URL: ${line}`);
    }
    out.push({ method: 'GET', url, headers: [] });
  }
  return out;
}

/**
 * A raw HTTP/1.x request (`GET /p HTTP/1.1`, headers, a blank line, the body) with the URL it was
 * sent to (or its Host header and `baseUrl`'s scheme).
 */
export function parseRawRequest(
  raw: string,
  url: string | undefined,
  where: string,
  baseUrl?: string,
): FuzzInput {
  const normalised = raw.replace(/^\s+/, '');
  const headEnd = normalised.search(/\r?\n\r?\n/);
  const head = headEnd === -1 ? normalised : normalised.slice(0, headEnd);
  const body = headEnd === -1 ? '' : normalised.slice(headEnd).replace(/^\r?\n\r?\n/, '');
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);
  const m = /^([A-Za-z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?\s*$/.exec(requestLine);
  if (!m) throw new FuzzInputError(`${where}: not an HTTP request line: ${requestLine.slice(0, 80)}`);
  const headers: [string, string][] = [];
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FuzzInputError(`${where}: not a header line: ${line.slice(0, 80)}`);
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const target = m[2]!;
  let full: string;
  if (/^https?:\/\//i.test(target)) full = target;
  else {
    let origin: string | undefined;
    if (url) {
      try {
        origin = new URL(url).origin;
      } catch {
        throw new FuzzInputError(`${where}: not a valid URL: ${url}`);
      }
    } else {
      const host = headers.find(([k]) => k.toLowerCase() === 'host')?.[1];
      const scheme = baseUrl && /^https:/i.test(baseUrl) ? 'https' : 'http';
      if (host) origin = `${scheme}://${host}`;
      else if (baseUrl) origin = new URL(baseUrl).origin;
    }
    if (!origin) throw new FuzzInputError(`${where}: the request names no host`);
    full = origin + (target.startsWith('/') ? target : `/${target}`);
  }
  return {
    method: m[1]!.toUpperCase(),
    url: full,
    headers: headers.filter(([k]) => !['host', 'content-length'].includes(k.toLowerCase())),
    ...(body !== '' ? { body } : {}),
  };
}

/** Burp Suite's exported items: each `<item>` with `<url>` and its `<request base64="true|false">`. */
function burpInputs(text: string): FuzzInput[] {
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      processEntities: false,
      isArray: (name) => name === 'item',
    }).parse(text, true) as Record<string, unknown>;
  } catch (error) {
    throw new FuzzInputError(`not a Burp Suite XML export: ${(error as Error).message.split('\n')[0]}`);
  }
  const items = (doc.items as { item?: Record<string, unknown>[] } | undefined)?.item;
  if (!doc.items || !Array.isArray(items))
    throw new FuzzInputError('not a Burp Suite XML export: no <items>');
  const out: FuzzInput[] = [];
  for (const [i, item] of items.entries()) {
    const request = item.request;
    const raw =
      typeof request === 'object' && request !== null
        ? (request as Record<string, unknown>)['#text']
        : request;
    const base64 =
      typeof request === 'object' &&
      request !== null &&
      (request as Record<string, unknown>)['@base64'] === 'true';
    const textValue = String(raw ?? '');
    const decoded = base64 ? Buffer.from(textValue, 'base64').toString('utf8') : textValue;
    if (decoded.trim() === '') continue;
    out.push(
      parseRawRequest(decoded, item.url === undefined ? undefined : String(item.url), `item ${i + 1}`),
    );
  }
  return out;
}

function parseDocument(text: string, format: string): unknown {
  try {
    return text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new FuzzInputError(`not a valid ${format} document: ${(error as Error).message.split('\n')[0]}`);
  }
}

function jsonLines(text: string): unknown[] {
  const out: unknown[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    try {
      out.push(JSON.parse(line));
    } catch (error) {
      throw new FuzzInputError(`line ${i + 1}: not JSON: ${(error as Error).message}`);
    }
  }
  return out;
}

function yamlDocuments(text: string): unknown[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  return list.map((doc, i) => {
    if (doc.errors.length > 0)
      throw new FuzzInputError(`document ${i + 1}: not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
    return doc.toJS();
  });
}

/** nuclei's request records: `{url, request: {raw}}` (or `{method, url, headers, body}`). */
function recordInputs(records: unknown[], baseUrl?: string): FuzzInput[] {
  return records
    .filter((r) => r !== null && r !== undefined)
    .map((record, i) => {
      const where = `record ${i + 1}`;
      if (typeof record !== 'object') throw new FuzzInputError(`${where}: not an object`);
      const r = record as Record<string, unknown>;
      const request = r.request as Record<string, unknown> | undefined;
      const url = r.url === undefined ? undefined : String(r.url);
      if (request && typeof request.raw === 'string')
        return parseRawRequest(request.raw, url, where, baseUrl);
      if (!url || !/^https?:\/\//i.test(url))
        throw new FuzzInputError(`${where}: needs request.raw or an http(s) url`);
      const headers = (r.headers ?? request?.header ?? {}) as Record<string, unknown>;
      const body = request?.body ?? r.body;
      return {
        method: String(r.method ?? request?.method ?? 'GET').toUpperCase(),
        url,
        headers: Object.entries(headers)
          .filter(([k]) => !['host', 'content-length', 'method', 'path', 'scheme'].includes(k.toLowerCase()))
          .map(([k, v]) => [k, String(v)] as [string, string]),
        ...(body !== undefined && body !== '' ? { body: String(body) } : {}),
      };
    });
}
