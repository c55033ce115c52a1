/**
 * One example request per operation of an OpenAPI 3 or Swagger 2 document, as nuclei's
 * openapi/generator.go (and its swagger conversion) makes them: each server URL × path × method,
 * path/query/header/cookie parameters given their example values (see openapi-example.ts), and a
 * body for the first content type it can write (JSON, form, multipart, XML, text). Unlike nuclei,
 * a parameter without any example gets a value from its type instead of stopping the run (nuclei's
 * `-skip-format-validation` behaviour), so every operation is fuzzed.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { type FuzzInput, FuzzInputError } from '../fuzz-input.js';
import { exampleText, resolveRef, schemaExample } from './openapi-example.js';

type Map_ = Record<string, unknown>;
const isMap = (v: unknown): v is Map_ => v !== null && typeof v === 'object' && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Param {
  readonly name: string;
  readonly in: string;
  readonly value: unknown;
}

export function openApiRequests(doc: unknown, format: 'openapi' | 'swagger', baseUrl?: string): FuzzInput[] {
  if (!isMap(doc)) throw new FuzzInputError(`not a valid ${format} document: not a map`);
  const v3 = typeof doc.openapi === 'string';
  const v2 = typeof doc.swagger === 'string';
  if (!v3 && !v2)
    throw new FuzzInputError(`not an OpenAPI 3 or Swagger 2 document: no "openapi" or "swagger" version`);
  if (!isMap(doc.paths)) throw new FuzzInputError(`the ${v3 ? 'OpenAPI' : 'Swagger'} document has no paths`);
  const servers = v3 ? serversV3(doc, baseUrl) : serversV2(doc, baseUrl);
  const out: FuzzInput[] = [];
  for (const server of servers) {
    for (const [path, rawItem] of Object.entries(doc.paths)) {
      const item = resolveRef(doc, rawItem);
      if (!isMap(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isMap(op)) continue;
        const params = [...paramList(doc, item.parameters), ...paramList(doc, op.parameters)];
        out.push(
          v3
            ? requestV3(doc, server, path, method, op, params)
            : requestV2(doc, server, path, method, op, params),
        );
      }
    }
  }
  return out;
}

function absolute(url: string, baseUrl: string | undefined, what: string): string {
  if (/^https?:\/\//i.test(url)) return url.replace(/\/$/, '');
  if (!baseUrl)
    throw new FuzzInputError(`${what} is not an absolute URL (${url || 'none'}): give the target with -u`);
  return new URL(url, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href.replace(/\/$/, '');
}

function serversV3(doc: Map_, baseUrl?: string): string[] {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isMap) : [];
  if (servers.length === 0) {
    if (!baseUrl)
      throw new FuzzInputError('the OpenAPI document names no server URL: give the target with -u');
    return [baseUrl.replace(/\/$/, '')];
  }
  return servers.map((s) => {
    // Server variables take their defaults (`https://{host}/v1`).
    let url = String(s.url ?? '');
    for (const [name, v] of Object.entries(isMap(s.variables) ? s.variables : {}))
      url = url.replaceAll(`{${name}}`, String(isMap(v) ? (v.default ?? '') : ''));
    return absolute(url, baseUrl, 'the OpenAPI server URL');
  });
}

function serversV2(doc: Map_, baseUrl?: string): string[] {
  const basePath = typeof doc.basePath === 'string' ? doc.basePath.replace(/\/$/, '') : '';
  if (typeof doc.host !== 'string' || doc.host === '') {
    if (!baseUrl) throw new FuzzInputError('the Swagger document names no host: give the target with -u');
    return [baseUrl.replace(/\/$/, '') + basePath];
  }
  const schemes = Array.isArray(doc.schemes) && doc.schemes.length > 0 ? doc.schemes.map(String) : ['http'];
  return schemes.filter((s) => s === 'http' || s === 'https').map((s) => `${s}://${doc.host}${basePath}`);
}

function paramList(doc: unknown, list: unknown): Map_[] {
  if (!Array.isArray(list)) return [];
  return list.map((p) => resolveRef(doc, p)).filter(isMap);
}

function paramValue(doc: unknown, p: Map_): unknown {
  if (p.example !== undefined) return p.example;
  if (isMap(p.examples)) {
    const first = Object.values(p.examples)[0];
    if (isMap(first) && first.value !== undefined) return first.value;
  }
  // Swagger 2 keeps the type on the parameter itself.
  return schemaExample(doc, p.schema ?? p);
}

function withParams(
  server: string,
  path: string,
  params: Param[],
): { url: string; headers: [string, string][] } {
  let url = path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const p of params) {
    const text = exampleText(p.value);
    if (p.in === 'path') url = url.replaceAll(`{${p.name}}`, encodeURIComponent(text));
    else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`);
    else if (p.in === 'header') headers.push([p.name, text]);
    else if (p.in === 'cookie') cookies.push(`${p.name}=${text}`);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  return { url: server + url + (query.length > 0 ? `?${query.join('&')}` : ''), headers };
}

const BOUNDARY = 'didbanfuzzboundary';

/** A body for the first media type nuclei writes, with its Content-Type. */
function body(
  types: string[],
  example: (type: string) => unknown,
): { type: string; text: string } | undefined {
  const order = [
    'application/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/xml',
    'text/plain',
  ];
  const type =
    order.find((t) => types.some((x) => x.split(';')[0]!.trim() === t)) ??
    types.find((t) => t.includes('json'));
  if (!type) return undefined;
  const value = example(type);
  if (type.includes('json')) return { type, text: JSON.stringify(value ?? {}) };
  const fields = isMap(value) ? Object.entries(value) : [];
  if (type === 'application/x-www-form-urlencoded')
    return {
      type,
      text: fields
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(exampleText(v))}`)
        .join('&'),
    };
  if (type === 'multipart/form-data')
    return {
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      text:
        fields
          .map(
            ([k, v]) =>
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${exampleText(v)}\r\n`,
          )
          .join('') + `--${BOUNDARY}--\r\n`,
    };
  if (type === 'application/xml')
    return {
      type,
      text: new XMLBuilder({ format: false }).build(isMap(value) ? { root: value } : { root: value ?? '' }),
    };
  return { type, text: exampleText(value) };
}

function requestV3(
  doc: Map_,
  server: string,
  path: string,
  method: string,
  op: Map_,
  raw: Map_[],
): FuzzInput {
  const params = raw.map((p) => ({
    name: String(p.name ?? ''),
    in: String(p.in ?? ''),
    value: paramValue(doc, p),
  }));
  const { url, headers } = withParams(server, path, params);
  const requestBody = resolveRef(doc, op.requestBody);
  const content = isMap(requestBody) && isMap(requestBody.content) ? requestBody.content : undefined;
  const b = content
    ? body(Object.keys(content), (type) => {
        const media = content[type];
        if (!isMap(media)) return undefined;
        if (media.example !== undefined) return media.example;
        return schemaExample(doc, media.schema);
      })
    : undefined;
  if (b) headers.push(['Content-Type', b.type]);
  return { method: method.toUpperCase(), url, headers, ...(b ? { body: b.text } : {}) };
}

function requestV2(
  doc: Map_,
  server: string,
  path: string,
  method: string,
  op: Map_,
  raw: Map_[],
): FuzzInput {
  const simple = raw.filter((p) => p.in !== 'body' && p.in !== 'formData');
  const params = simple.map((p) => ({
    name: String(p.name ?? ''),
    in: String(p.in ?? ''),
    value: paramValue(doc, p),
  }));
  const { url, headers } = withParams(server, path, params);
  const consumes = (
    Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : []
  ).map(String);
  const bodyParam = raw.find((p) => p.in === 'body');
  const formParams = raw.filter((p) => p.in === 'formData');
  let b: { type: string; text: string } | undefined;
  if (bodyParam)
    b = body(consumes.length > 0 ? consumes : ['application/json'], () =>
      schemaExample(doc, bodyParam.schema),
    );
  else if (formParams.length > 0) {
    const value = Object.fromEntries(formParams.map((p) => [String(p.name), paramValue(doc, p)]));
    const types = consumes.filter((c) => c.includes('form'));
    b = body(types.length > 0 ? types : ['application/x-www-form-urlencoded'], () => value);
  }
  if (b) headers.push(['Content-Type', b.type]);
  return { method: method.toUpperCase(), url, headers, ...(b ? { body: b.text } : {}) };
}
