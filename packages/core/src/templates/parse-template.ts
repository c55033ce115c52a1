import { isMap, LineCounter, type Node, parseDocument, type ScalarTag } from 'yaml';
import { fastLoad } from './fast-yaml.js';
import { TEMPLATE_SPEC } from './schema.js';
import {
  type ParsedTemplate,
  type ParseTemplateResult,
  REJECTED_PROTOCOLS,
  type RejectedProtocol,
  type RunnableProtocol,
  TEMPLATE_SEVERITIES,
  type TemplateInfo,
  type TemplateSeverity,
  type YamlMap,
} from './types.js';
import { IssueSink, validateObject } from './validate-node.js';

/** The id rule Nuclei applies: words of letters and digits joined by single `-` or `_`. */
export const TEMPLATE_ID_PATTERN = /^([a-zA-Z0-9]+[-_])*[a-zA-Z0-9]+$/;

const REJECTION_REASONS: Record<RejectedProtocol, string> = {
  headless: 'headless templates need a browser, which Didban workers do not run',
  code: 'code templates execute local interpreters on the worker, which Didban does not allow',
  javascript: 'javascript templates need the Nuclei JavaScript runtime and its network modules',
  file: 'file templates scan the local file system, not a target',
  websocket: 'the websocket protocol is not supported',
  whois: 'the whois protocol is not supported',
};

const PROTOCOL_KEYS: readonly [string, RunnableProtocol | RejectedProtocol][] = [
  ['http', 'http'],
  ['requests', 'http'],
  ['dns', 'dns'],
  ['tcp', 'tcp'],
  ['network', 'tcp'],
  ['ssl', 'ssl'],
  ['workflows', 'workflows'],
  ...REJECTED_PROTOCOLS.map((p) => [p, p] as [string, RejectedProtocol]),
];

/**
 * Nuclei reads these values into Go string fields, so `data: 444953543030303030303031` (hex),
 * `0011` or `1.10` keep their text. Plain scalars that look like numbers but would not survive a
 * JavaScript number — 16+ digits, leading zeros, exponents, a fraction ending in 0 — stay strings;
 * ordinary numbers (`status: 200`) are still numbers.
 */
const NUMBER_LIKE_TEXT: ScalarTag = {
  default: true,
  tag: 'tag:yaml.org,2002:str',
  test: /^(?:[-+]?0[0-9]+|[-+]?[0-9]{16,}|[-+]?[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+|[-+]?[0-9]+\.[0-9]*0)$/,
  resolve: (text: string) => text,
};

/**
 * Parses and validates one Nuclei template. Browser-safe: the panel's editor calls it on every
 * change, the engine calls it when loading. Errors carry the field path and the 1-based line.
 *
 * @example
 * const result = parseTemplate('id: x\ninfo: {name: X, author: me, severity: low}\nhttp: [{path: ["{{BaseURL}}"]}]');
 * if (!result.ok) for (const e of result.errors) console.log(`${e.line}:${e.column} ${e.path}: ${e.message}`);
 */
export function parseTemplate(source: string): ParseTemplateResult {
  // Most templates are valid: plain data is enough to check them. Any issue (or YAML the fast
  // path does not take) is found again on the `yaml` node tree, which says where it is.
  const data = fastLoad(source);
  if (data) {
    const sink = new IssueSink();
    const protocols = checkData(data, data, sink);
    if (sink.errors.length === 0 && sink.warnings.length === 0)
      return { ok: true, template: buildTemplate(data, protocols), warnings: [] };
  }
  return parseWithPositions(source);
}

/** Validation shared by both paths; `root` is the `yaml` node tree or the data itself. */
function checkData(data: Record<string, unknown>, root: unknown, sink: IssueSink) {
  validateObject(root, TEMPLATE_SPEC, ['id', 'info'], '', sink);
  checkId(data, root, sink);
  checkInfo(data, root, sink);
  return checkProtocols(data, root, sink);
}

function parseWithPositions(source: string): ParseTemplateResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, {
    lineCounter,
    prettyErrors: false,
    strict: true,
    customTags: (tags) => [NUMBER_LIKE_TEXT, ...tags],
  });
  const sink = new IssueSink(lineCounter);
  for (const error of doc.errors) {
    const pos = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
    sink.errors.push({
      path: '',
      message: `invalid YAML: ${error.message.split('\n')[0]}`,
      line: pos.line,
      column: pos.col,
      severity: 'error',
    });
  }
  if (sink.errors.length > 0) return { ok: false, errors: sink.errors, warnings: sink.warnings };
  const root = doc.contents as Node | null;
  if (!isMap(root)) {
    sink.add('error', '', 'a template must be a YAML map with "id" and "info"', root);
    return { ok: false, errors: sink.errors, warnings: sink.warnings };
  }

  // Expanded first: a billion-laughs alias bomb must end here as an error, before any walk.
  let data: Record<string, unknown>;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  } catch (error) {
    sink.errors.push({
      path: '',
      message: `invalid YAML: aliases expand too far (${(error as Error).message.split('\n')[0]})`,
      line: 1,
      column: 1,
      severity: 'error',
    });
    return { ok: false, errors: sink.errors, warnings: sink.warnings };
  }
  const protocols = checkData(data, root, sink);

  if (sink.errors.length > 0) return { ok: false, errors: sink.errors, warnings: sink.warnings };
  return { ok: true, template: buildTemplate(data, protocols), warnings: sink.warnings };
}

const nodeAt = (root: unknown, ...path: (string | number)[]): unknown => {
  let node: unknown = root;
  for (const key of path) {
    const next = (node as { get?: (k: unknown, keep: boolean) => unknown }).get?.(key, true);
    if (next === undefined) break;
    node = next;
  }
  return node;
};

function checkId(data: Record<string, unknown>, root: unknown, sink: IssueSink): void {
  const id = data.id;
  if (id === undefined) return;
  if (typeof id !== 'string' || !TEMPLATE_ID_PATTERN.test(id)) {
    sink.add(
      'error',
      'id',
      `invalid id ${JSON.stringify(id)}: use letters and digits joined by single "-" or "_" (e.g. "exposed-git-config")`,
      nodeAt(root, 'id'),
    );
  }
}

function checkInfo(data: Record<string, unknown>, root: unknown, sink: IssueSink): void {
  const info = data.info as Record<string, unknown> | undefined;
  if (!info || typeof info !== 'object') return;
  const infoNode = nodeAt(root, 'info');
  if (isBlank(info.name)) sink.add('error', 'info.name', '"name" is required', nodeAt(infoNode, 'name'));
  if (authors(info.author).length === 0) {
    sink.add('error', 'info.author', '"author" is required', nodeAt(infoNode, 'author'));
  }
  const severity = info.severity;
  const isWorkflow = Array.isArray(data.workflows);
  if (severity === undefined || severity === null || severity === '') {
    if (!isWorkflow) sink.add('warning', 'info.severity', 'severity is missing; "unknown" is used', infoNode);
  } else if (!TEMPLATE_SEVERITIES.includes(String(severity).toLowerCase() as TemplateSeverity)) {
    sink.add(
      'error',
      'info.severity',
      `invalid severity ${JSON.stringify(severity)}: use one of ${TEMPLATE_SEVERITIES.join(', ')}`,
      nodeAt(infoNode, 'severity'),
    );
  }
}

function checkProtocols(
  data: Record<string, unknown>,
  root: unknown,
  sink: IssueSink,
): (RunnableProtocol | RejectedProtocol)[] {
  const found: (RunnableProtocol | RejectedProtocol)[] = [];
  for (const [key, protocol] of PROTOCOL_KEYS) {
    if (data[key] === undefined || data[key] === null) continue;
    if (!found.includes(protocol)) found.push(protocol);
  }
  if (found.length === 0 && data.id !== undefined) {
    sink.add('error', '', 'no protocol block: add one of http, dns, tcp, ssl or workflows', root);
  }
  if (data.http !== undefined && data.requests !== undefined) {
    sink.add(
      'error',
      'requests',
      'use either "http" or its old alias "requests", not both',
      nodeAt(root, 'requests'),
    );
  }
  return found;
}

const isBlank = (v: unknown): boolean => v === undefined || v === null || String(v).trim() === '';

/** Authors, tags and references may be a list, a string or a comma-separated string. */
export function splitList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

const authors = splitList;

const entries = (value: unknown): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null ? '' : String(v)])
    : [];

const blocks = (value: unknown): YamlMap[] => (Array.isArray(value) ? (value as YamlMap[]) : []);

function buildTemplate(
  data: Record<string, unknown>,
  protocols: (RunnableProtocol | RejectedProtocol)[],
): ParsedTemplate {
  const info = data.info as Record<string, unknown>;
  const severity = String(info.severity ?? 'unknown').toLowerCase() as TemplateSeverity;
  const optional = (v: unknown): string | undefined => (isBlank(v) ? undefined : String(v));
  const templateInfo: TemplateInfo = {
    name: String(info.name),
    author: authors(info.author),
    severity,
    tags: splitList(info.tags),
    reference: splitList(info.reference),
    description: optional(info.description),
    remediation: optional(info.remediation),
    impact: optional(info.impact),
    classification: info.classification as Record<string, unknown> | undefined,
    metadata: info.metadata as Record<string, unknown> | undefined,
  };
  const rejectedProtocol = protocols.find((p): p is RejectedProtocol =>
    (REJECTED_PROTOCOLS as readonly string[]).includes(p),
  );
  return {
    id: String(data.id),
    info: templateInfo,
    protocols,
    rejected: rejectedProtocol
      ? { protocol: rejectedProtocol, reason: REJECTION_REASONS[rejectedProtocol] }
      : undefined,
    selfContained: data['self-contained'] === true,
    usesFlow: typeof data.flow === 'string',
    flow: typeof data.flow === 'string' ? data.flow : undefined,
    http: blocks(data.http ?? data.requests),
    dns: blocks(data.dns),
    tcp: blocks(data.tcp ?? data.network),
    ssl: blocks(data.ssl),
    workflows: blocks(data.workflows),
    variables: entries(data.variables),
    constants: entries(data.constants),
    raw: data,
  };
}
