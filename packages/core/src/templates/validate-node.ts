import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml';
import type { FieldSpec, ObjectSpec } from './schema.js';
import type { TemplateIssue } from './types.js';

/** Collects issues with their source position while walking the YAML tree. */
export class IssueSink {
  readonly errors: TemplateIssue[] = [];
  readonly warnings: TemplateIssue[] = [];
  constructor(private readonly lines: LineCounter) {}

  add(
    severity: TemplateIssue['severity'],
    path: string,
    message: string,
    node: Node | null | undefined,
  ): void {
    const offset = node?.range?.[0] ?? 0;
    const pos = this.lines.linePos(offset);
    const issue: TemplateIssue = { path, message, line: pos.line, column: pos.col, severity };
    (severity === 'error' ? this.errors : this.warnings).push(issue);
  }
}

export const joinPath = (base: string, key: string | number): string =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;

const describe = (node: unknown): string => {
  if (isMap(node)) return 'a map';
  if (isSeq(node)) return 'a list';
  if (isScalar(node))
    return node.value === null ? 'empty' : `${typeof node.value} ${JSON.stringify(node.value)}`;
  return 'empty';
};

const scalarValue = (node: unknown): unknown => (isScalar(node) ? node.value : undefined);

const isEmptyValue = (node: unknown): boolean =>
  node === null || node === undefined || (isScalar(node) && node.value === null);

/** Checks one node against its spec; unknown keys and wrong types become errors. */
export function validateNode(node: unknown, spec: FieldSpec, path: string, sink: IssueSink): void {
  const at = node as Node | undefined;
  if (typeof spec === 'string') {
    validateScalar(node, spec, path, sink);
    return;
  }
  switch (spec.kind) {
    case 'enum': {
      const value = scalarValue(node);
      if (typeof value !== 'string' || !spec.values.includes(value)) {
        sink.add('error', path, `must be one of ${spec.values.join(', ')}; got ${describe(node)}`, at);
      }
      return;
    }
    case 'list': {
      // An empty value (`kval:`) is an empty list in Nuclei's Go structs.
      if (isEmptyValue(node)) return;
      // Nuclei accepts a single value where a list is expected.
      if (isSeq(node)) {
        for (const [i, item] of node.items.entries()) validateNode(item, spec.of, joinPath(path, i), sink);
      } else if (isScalar(node) && typeof spec.of === 'string') validateNode(node, spec.of, path, sink);
      else sink.add('error', path, `must be a list; got ${describe(node)}`, at);
      return;
    }
    case 'map': {
      // An empty value (`headers:`) is an empty map in Nuclei's Go structs.
      if (isEmptyValue(node)) return;
      if (!isMap(node)) {
        sink.add('error', path, `must be a map; got ${describe(node)}`, at);
        return;
      }
      for (const pair of node.items as Pair[]) {
        validateNode(pair.value, spec.of, joinPath(path, String(scalarValue(pair.key))), sink);
      }
      return;
    }
    case 'object':
      validateObject(node, spec.fields, spec.required ?? [], path, sink);
      return;
  }
}

export function validateObject(
  node: unknown,
  fields: ObjectSpec,
  required: readonly string[],
  path: string,
  sink: IssueSink,
): void {
  if (!isMap(node)) {
    sink.add('error', path, `must be a map; got ${describe(node)}`, node as Node);
    return;
  }
  const seen = new Set<string>();
  for (const pair of node.items as Pair[]) {
    const key = String(scalarValue(pair.key));
    const keyNode = pair.key as Node;
    const fieldPath = joinPath(path, key);
    if (seen.has(key)) sink.add('error', fieldPath, `duplicate field "${key}"`, keyNode);
    seen.add(key);
    const fieldSpec = fields[key];
    if (!fieldSpec) {
      sink.add('error', fieldPath, `unknown field "${key}"`, keyNode);
      continue;
    }
    validateNode(pair.value ?? keyNode, fieldSpec, fieldPath, sink);
  }
  for (const name of required) {
    if (!seen.has(name)) sink.add('error', joinPath(path, name), `"${name}" is required`, node);
  }
}

function validateScalar(
  node: unknown,
  spec: Exclude<FieldSpec, object>,
  path: string,
  sink: IssueSink,
): void {
  const at = node as Node | undefined;
  if (spec === 'any') return;
  if (spec === 'strings') {
    if (isSeq(node)) {
      node.items.forEach((item, i) => {
        if (!isScalar(item))
          sink.add('error', joinPath(path, i), `must be a string; got ${describe(item)}`, item as Node);
      });
    } else if (!isScalar(node) || node.value === null) {
      sink.add('error', path, `must be a string or a list of strings; got ${describe(node)}`, at);
    }
    return;
  }
  if (!isScalar(node)) {
    sink.add('error', path, `must be a ${spec === 'scalar' ? 'value' : spec}; got ${describe(node)}`, at);
    return;
  }
  const value = node.value;
  const ok =
    spec === 'scalar'
      ? value !== undefined
      : spec === 'string'
        ? typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        : spec === 'bool'
          ? typeof value === 'boolean'
          : typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));
  if (!ok)
    sink.add('error', path, `must be a ${spec === 'int' ? 'number' : spec}; got ${describe(node)}`, at);
}
