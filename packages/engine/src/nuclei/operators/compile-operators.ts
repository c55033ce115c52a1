import { compileGoRegex } from '../regex/go-regex.js';
import { toByteString } from '../util/bytes.js';
import { EMPTY, mapOrEmpty } from '../util/empty.js';
import type { Condition, Extractor, Matcher, Operators } from './types.js';

type Yaml = Readonly<Record<string, unknown>>;

const strings = (v: unknown): readonly string[] =>
  v === undefined || v === null
    ? EMPTY
    : mapOrEmpty(Array.isArray(v) ? v : [v], (x) => toByteString(String(x)));

const condition = (v: unknown): Condition => (v === 'and' ? 'and' : 'or');

/** Turns YAML matchers/extractors into compiled operators; throws on an invalid regex or hex. */
export function compileOperators(block: Yaml): Operators {
  const matchers = mapOrEmpty((block.matchers as Yaml[] | undefined) ?? EMPTY, compileMatcher);
  const extractors = mapOrEmpty((block.extractors as Yaml[] | undefined) ?? EMPTY, compileExtractor);
  return { condition: condition(block['matchers-condition']), matchers, extractors };
}

function compileMatcher(m: Yaml, index: number): Matcher {
  const type = m.type as Matcher['type'];
  const caseInsensitive = m['case-insensitive'] === true;
  const encodingHex = m.encoding === 'hex';
  let words = strings(m.words);
  // Nuclei decodes each word that is valid hex and keeps the others as text.
  if (encodingHex) words = mapOrEmpty(words, (w) => (/^([0-9a-fA-F]{2})+$/.test(w) ? decodeHex(w, '') : w));
  if (caseInsensitive) words = mapOrEmpty(words, (w) => w.toLowerCase());
  const values = type === 'status' ? m.status : type === 'size' ? m.size : undefined;
  const numbers = (Array.isArray(values) ? values : [values]).filter((v) => v !== undefined).map(Number);
  return {
    type,
    condition: condition(m.condition),
    part: m.part === undefined ? undefined : String(m.part),
    negative: m.negative === true,
    name: m.name === undefined ? undefined : String(m.name),
    internal: m.internal === true,
    caseInsensitive,
    matchAll: m['match-all'] === true,
    words,
    regex: mapOrEmpty(strings(m.regex), (r) => compileGoRegex(r, caseInsensitive)),
    numbers: numbers.length === 0 ? EMPTY : numbers,
    binary: mapOrEmpty(strings(m.binary), (b) => decodeHex(b, `matchers[${index}].binary`)),
    dsl: strings(m.dsl),
    xpath: strings(m.xpath),
  };
}

function compileExtractor(e: Yaml): Extractor {
  const type = e.type as Extractor['type'];
  const caseInsensitive = e['case-insensitive'] === true;
  const keys = type === 'kval' ? e.kval : type === 'json' ? e.json : type === 'xpath' ? e.xpath : e.dsl;
  return {
    type,
    name: e.name === undefined ? undefined : String(e.name),
    part: e.part === undefined ? undefined : String(e.part),
    internal: e.internal === true,
    caseInsensitive,
    regex: mapOrEmpty(strings(e.regex), (r) => compileGoRegex(r)),
    group: typeof e.group === 'number' ? e.group : Number(e.group ?? 0),
    keys: strings(keys),
    attribute: e.attribute === undefined ? undefined : String(e.attribute),
  };
}

function decodeHex(hex: string, where: string): string {
  const clean = hex.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(clean))
    throw new Error(`${where}: ${JSON.stringify(hex)} is not valid hex`);
  return Buffer.from(clean, 'hex').toString('latin1');
}
