import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml';
import type { FieldSpec, ObjectSpec } from './schema.js';
import type { TemplateIssue } from './types.js';

/**
 * How the validator reads a tree: the `yaml` library's nodes (which know their position) or the
 * plain data of the fast path (fast-yaml.ts), whose issues are only counted, never shown.
 */
interface TreeReader {
  isMap(node: unknown): boolean;
  isSeq(node: unknown): boolean;
  isScalar(node: unknown): boolean;
  value(node: unknown): unknown;
  items(node: unknown): readonly unknown[];
  pairs(node: unknown): readonly { key: unknown; keyNode: unknown; value: unknown }[];
}

const YAML_NODES: TreeReader = {
  isMap,
  isSeq,
  isScalar,
  value: (node) => (isScalar(node) ? node.value : undefined),
  items: (node) => (isSeq(node) ? node.items : []),
  pairs: (node) =>
    isMap(node)
      ? (node.items as Pair[]).map((p) => ({
          key: isScalar(p.key) ? p.key.value : undefined,
          keyNode: p.key,
          value: p.value,
        }))
      : [],
};

const isPlainMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

const PLAIN_DATA: TreeReader = {
  isMap: isPlainMap,
  isSeq: Array.isArray,
  isScalar: (v) => v === null || typeof v !== 'object',
  value: (v) => (v === null || typeof v !== 'object' ? v : undefined),
  items: (v) => (Array.isArray(v) ? v : []),
  pairs: (v) =>
    isPlainMap(v)
      ? Object.entries(v as Record<string, unknown>).map(([key, value]) => ({ key, keyNode: key, value }))
      : [],
};

/** Collects issues with their source position while walking the YAML tree. */
export class IssueSink {
  readonly errors: TemplateIssue[] = [];
  readonly warnings: TemplateIssue[] = [];
  readonly tree: TreeReader;
  /** Without a line counter the tree is plain data and issues carry no position. */
  constructor(private readonly lines?: LineCounter) {
    this.tree = lines ? YAML_NODES : PLAIN_DATA;
  }

  add(severity: TemplateIssue['severity'], path: string, message: string, node: unknown): void {
    const offset = (node as Node | null | undefined)?.range?.[0] ?? 0;
    const pos = this.lines?.linePos(offset) ?? { line: 1, col: 1 };
    const issue: TemplateIssue = { path, message, line: pos.line, column: pos.col, severity };
    (severity === 'error' ? this.errors : this.warnings).push(issue);
  }
}

export const joinPath = (base: string, key: string | number): string =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;

const describe = (tree: TreeReader, node: unknown): string => {
  if (tree.isMap(node)) return 'a map';
  if (tree.isSeq(node)) return 'a list';
  const value = tree.value(node);
  if (tree.isScalar(node)) return value === null ? 'empty' : `${typeof value} ${JSON.stringify(value)}`;
  return 'empty';
};

const isEmptyValue = (tree: TreeReader, node: unknown): boolean =>
  node === null || node === undefined || (tree.isScalar(node) && tree.value(node) === null);

/** Checks one node against its spec; unknown keys and wrong types become errors. */
export function validateNode(node: unknown, spec: FieldSpec, path: string, sink: IssueSink): void {
  const { tree } = sink;
  if (typeof spec === 'string') {
    validateScalar(node, spec, path, sink);
    return;
  }
  switch (spec.kind) {
    case 'enum': {
      const value = tree.value(node);
      if (typeof value !== 'string' || !spec.values.includes(value)) {
        sink.add(
          'error',
          path,
          `must be one of ${spec.values.join(', ')}; got ${describe(tree, node)}`,
          node,
        );
      }
      return;
    }
    case 'list': {
      // An empty value (`kval:`) is an empty list in Nuclei's Go structs.
      if (isEmptyValue(tree, node)) return;
      // Nuclei accepts a single value where a list is expected.
      if (tree.isSeq(node)) {
        for (const [i, item] of tree.items(node).entries())
          validateNode(item, spec.of, joinPath(path, i), sink);
      } else if (tree.isScalar(node) && typeof spec.of === 'string') validateNode(node, spec.of, path, sink);
      else sink.add('error', path, `must be a list; got ${describe(tree, node)}`, node);
      return;
    }
    case 'map': {
      // An empty value (`headers:`) is an empty map in Nuclei's Go structs.
      if (isEmptyValue(tree, node)) return;
      if (!tree.isMap(node)) {
        sink.add('error', path, `must be a map; got ${describe(tree, node)}`, node);
        return;
      }
      for (const pair of tree.pairs(node))
        validateNode(pair.value, spec.of, joinPath(path, String(pair.key)), sink);
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
  const { tree } = sink;
  if (!tree.isMap(node)) {
    sink.add('error', path, `must be a map; got ${describe(tree, node)}`, node);
    return;
  }
  const seen = new Set<string>();
  for (const pair of tree.pairs(node)) {
    const key = String(pair.key);
    const fieldPath = joinPath(path, key);
    if (seen.has(key)) sink.add('error', fieldPath, `duplicate field "${key}"`, pair.keyNode);
    seen.add(key);
    const fieldSpec = fields[key];
    if (!fieldSpec) {
      sink.add('error', fieldPath, `unknown field "${key}"`, pair.keyNode);
      continue;
    }
    validateNode(pair.value ?? pair.keyNode, fieldSpec, fieldPath, sink);
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
  const { tree } = sink;
  if (spec === 'any') return;
  if (spec === 'strings') {
    if (tree.isSeq(node)) {
      tree.items(node).forEach((item, i) => {
        if (!tree.isScalar(item))
          sink.add('error', joinPath(path, i), `must be a string; got ${describe(tree, item)}`, item);
      });
    } else if (!tree.isScalar(node) || tree.value(node) === null) {
      sink.add('error', path, `must be a string or a list of strings; got ${describe(tree, node)}`, node);
    }
    return;
  }
  if (!tree.isScalar(node)) {
    sink.add(
      'error',
      path,
      `must be a ${spec === 'scalar' ? 'value' : spec}; got ${describe(tree, node)}`,
      node,
    );
    return;
  }
  const value = tree.value(node);
  const ok =
    spec === 'scalar'
      ? value !== undefined
      : spec === 'string'
        ? typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        : spec === 'bool'
          ? typeof value === 'boolean'
          : typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));
  if (!ok)
    sink.add(
      'error',
      path,
      `must be a ${spec === 'int' ? 'number' : spec}; got ${describe(tree, node)}`,
      node,
    );
}
