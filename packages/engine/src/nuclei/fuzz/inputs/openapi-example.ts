/**
 * Example values from an OpenAPI/Swagger schema, as nuclei's openapi/examples.go makes them:
 * `example`, `default`, then the first `enum` value; otherwise one by type (`true`, `0` within
 * min/max, `string` or the format's sample, one-item arrays, objects of their properties).
 * `$ref`s are followed inside the document; a schema that refers to itself stops there.
 */

type Schema = Record<string, unknown>;

const STRING_FORMATS: Record<string, string> = {
  date: '2018-07-23',
  'date-time': '2018-07-23T22:58:00-07:00',
  time: '22:58:00-07:00',
  email: 'email@example.com',
  hostname: 'example.com',
  ipv4: '198.51.100.0',
  ipv6: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
  uri: 'https://tools.ietf.org/html/rfc3986',
  uuid: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
  password: '********',
  binary: 'sagefuzzertest',
};

const isMap = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Follows `$ref: '#/components/schemas/X'` (or any local JSON pointer) in `doc`. */
export function resolveRef(doc: unknown, value: unknown, seen = new Set<string>()): unknown {
  let current = value;
  while (isMap(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) return undefined;
    seen.add(ref);
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = isMap(node) ? node[key] : undefined;
    }
    current = node;
  }
  return current;
}

const RECURSIVE = Symbol('recursive');

export function schemaExample(
  doc: unknown,
  schemaOrRef: unknown,
  depth = 0,
  path = new Set<unknown>(),
): unknown {
  const schema = resolveRef(doc, schemaOrRef);
  if (!isMap(schema) || depth > 12) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (path.has(schema)) return RECURSIVE;
  const inner = new Set(path).add(schema);
  const sub = (s: unknown) => schemaExample(doc, s, depth + 1, inner);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list))
      for (const candidate of list) {
        const ex = sub(candidate);
        if (ex !== undefined && ex !== RECURSIVE) return ex;
      }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = {};
    for (const part of schema.allOf) {
      const ex = sub(part);
      if (isMap(ex)) Object.assign(merged, ex);
    }
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') {
    let value = 0;
    if (typeof schema.minimum === 'number' && schema.minimum > value) value = schema.minimum;
    if (typeof schema.maximum === 'number' && schema.maximum < value) value = schema.maximum;
    return type === 'integer' ? Math.trunc(value) : value;
  }
  if (type === 'string' || (type === undefined && typeof schema.format === 'string')) {
    const sample = STRING_FORMATS[String(schema.format ?? '')];
    if (sample) return sample;
    let example = 'string';
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    while (example.length < min) example += example;
    if (typeof schema.maxLength === 'number') example = example.slice(0, schema.maxLength);
    return example;
  }
  if (type === 'array' || schema.items !== undefined) {
    const ex = sub(schema.items);
    return ex === undefined || ex === RECURSIVE ? [] : [ex];
  }
  if (type === 'object' || isMap(schema.properties)) {
    const out: Schema = {};
    for (const [k, v] of Object.entries((schema.properties as Schema | undefined) ?? {})) {
      const prop = resolveRef(doc, v);
      if (isMap(prop) && prop.readOnly === true) continue;
      const ex = sub(v);
      if (ex !== undefined && ex !== RECURSIVE) out[k] = ex;
    }
    return out;
  }
  return undefined;
}

/** A parameter's value as text: a query/header/path value. */
export function exampleText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(exampleText).join(',');
  return JSON.stringify(value);
}
