/**
 * Request bodies as nuclei's pkg/fuzz/dataformat reads them: JSON (a body in `{…}`) and XML (in
 * `<…>`) whatever the Content-Type says, then multipart/form-data by its Content-Type, else form
 * parameters. Nested JSON/XML keys are flattened with `~` (`user~name`), lists are single values
 * whose last item a payload replaces. JSON is written back as Go's encoding/json does (keys sorted,
 * `<>&` escaped); XML keeps attributes as `-name` and text as `#text` (mxj's names).
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { goMarshal } from '../operators/go-json.js';
import { fromByteString, toByteString } from '../util/bytes.js';
import { decodeParams, encodeParams, valueText } from './param-encoding.js';

export interface BodyFormat {
  readonly kind: 'json' | 'xml' | 'multipart' | 'form';
  readonly values: Map<string, unknown>;
  encode(values: ReadonlyMap<string, unknown>): string;
}

/** Parses a body (a byte string); throws when the format it must be cannot be read. */
export function parseBody(body: string, contentType: string): BodyFormat {
  if (body.startsWith('{') && body.endsWith('}')) {
    try {
      return jsonBody(body);
    } catch (error) {
      if (contentType.includes('application/json')) throw error;
    }
  } else if (body.startsWith('<') && body.endsWith('>')) {
    try {
      return xmlBody(body);
    } catch (error) {
      if (contentType.includes('application/xml')) throw error;
    }
  } else if (contentType.includes('application/json')) return jsonBody(body);
  else if (contentType.includes('application/xml')) return xmlBody(body);
  if (contentType.includes('multipart/form-data')) return multipartBody(body, contentType);
  return formBody(body);
}

const DELIMITER = '~';
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Nested objects → `a~b` keys (leslie-qiwa/flat, Safe: lists stay whole). Strings as byte strings. */
function flatten(
  value: Record<string, unknown>,
  out: Map<string, unknown>,
  prefix = '',
): Map<string, unknown> {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix + toByteString(k);
    if (isObject(v) && Object.keys(v).length > 0) flatten(v, out, key + DELIMITER);
    else out.set(key, bytesDeep(v));
  }
  return out;
}

function unflatten(values: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of values) {
    const path = key.split(DELIMITER).map(fromByteString);
    let node = root;
    for (const step of path.slice(0, -1)) {
      if (!isObject(node[step])) node[step] = {};
      node = node[step] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = textDeep(value);
  }
  return root;
}

const bytesDeep = (v: unknown): unknown =>
  typeof v === 'string' ? toByteString(v) : Array.isArray(v) ? v.map(bytesDeep) : v;
const textDeep = (v: unknown): unknown =>
  typeof v === 'string'
    ? fromByteString(v)
    : Array.isArray(v)
      ? v.map(textDeep)
      : isObject(v)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, textDeep(x)]))
        : v;

function jsonBody(body: string): BodyFormat {
  const parsed: unknown = JSON.parse(fromByteString(body));
  if (!isObject(parsed)) throw new Error('JSON body is not an object');
  return {
    kind: 'json',
    values: flatten(parsed, new Map()),
    encode: (values) => toByteString(goMarshal(unflatten(values))),
  };
}

const XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '-',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

function xmlBody(body: string): BodyFormat {
  const text = fromByteString(body);
  const header = /<\?(.*)\?>/.exec(text)?.[1];
  const parsed = new XMLParser(XML_OPTIONS).parse(text, true) as Record<string, unknown>;
  const values = flatten(parsed, new Map());
  if (values.size === 0) throw new Error('XML body has no elements');
  // Values are written as they are (mxj's default): an injected `<!DOCTYPE` or quote reaches the server.
  const builder = new XMLBuilder({
    ...XML_OPTIONS,
    format: false,
    suppressEmptyNode: false,
    processEntities: false,
  });
  return {
    kind: 'xml',
    values,
    encode: (v) => {
      const xml = builder.build(unflatten(v)) as string;
      return toByteString(header !== undefined ? `<?${header}?>${xml}` : xml);
    },
  };
}

function formBody(body: string): BodyFormat {
  return { kind: 'form', values: decodeParams(body), encode: (v) => encodeParams(v) };
}

interface FilePart {
  readonly filename: string;
  readonly contentType: string;
}

/** `boundary` of a multipart Content-Type (mime.ParseMediaType); throws without one. */
function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2] ?? '';
  if (boundary === '') throw new Error('no boundary found in the content type');
  if (boundary.length > 70) throw new Error('boundary exceeds maximum length of 70 characters');
  return boundary;
}

const quoteParam = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function multipartBody(body: string, contentType: string): BodyFormat {
  const boundary = boundaryOf(contentType);
  const delimiter = `--${boundary}`;
  const sections = body.split(delimiter);
  if (sections.length < 2) throw new Error('no multipart sections');
  const fields = new Map<string, string[]>();
  const files = new Map<string, string[]>();
  const fileMeta = new Map<string, FilePart>();
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    const part = section.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
    const split = part.search(/\r?\n\r?\n/);
    if (split === -1) continue;
    const head = part.slice(0, split);
    const content = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name =
      /\bname="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1] ?? /\bname=([^;\s]+)/i.exec(disposition)?.[1];
    if (name === undefined) continue;
    const filename = /\bfilename="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1];
    if (filename !== undefined) {
      const list = files.get(name) ?? [];
      list.push(content);
      files.set(name, list);
      if (!fileMeta.has(name))
        fileMeta.set(name, {
          filename,
          contentType: /content-type:\s*([^\r\n]*)/i.exec(head)?.[1] ?? 'application/octet-stream',
        });
    } else {
      const list = fields.get(name) ?? [];
      list.push(content);
      fields.set(name, list);
    }
  }
  const values = new Map<string, unknown>();
  for (const [k, list] of fields) values.set(k, list.length > 1 ? list : list[0]!);
  for (const [k, list] of files) values.set(k, list);
  if (values.size === 0) throw new Error('no multipart fields');
  return {
    kind: 'multipart',
    values,
    // Go's multipart.Writer: CRLF line ends, Content-Disposition then Content-Type, closing delimiter.
    encode: (v) => {
      const parts: string[] = [];
      for (const [key, value] of v) {
        const meta = fileMeta.get(key);
        const items = Array.isArray(value) ? value.map(valueText) : [valueText(value)];
        for (const item of items) {
          const head = meta
            ? `Content-Disposition: form-data; name="${quoteParam(key)}"; filename="${quoteParam(meta.filename)}"\r\nContent-Type: ${meta.contentType}`
            : `Content-Disposition: form-data; name="${quoteParam(key)}"`;
          parts.push(`${head}\r\n\r\n${item}`);
        }
      }
      return `${parts.map((p, i) => `${i === 0 ? '' : '\r\n'}${delimiter}\r\n${p}`).join('')}\r\n${delimiter}--\r\n`;
    },
  };
}
