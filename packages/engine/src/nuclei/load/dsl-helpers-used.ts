import type { YamlMap } from '@didban/core/templates';
import { hasHelper } from '../dsl/helpers.js';
import { isNucleiHelper } from './nuclei-helper-names.js';

// DSL keywords and operators that look like calls but are not helpers.
const NOT_HELPERS = new Set(['and', 'or', 'not', 'in', 'if', 'true', 'false', 'nil']);
const CALL = /([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g;
// An innermost placeholder: `{{url_encode('…{{randstr}}…')}}` is read inside out, as Nuclei renders it.
const INNERMOST = /\{\{((?:(?!\{\{|\}\})[\s\S])*)\}\}/g;

/** Helper names called in an expression, string literals removed (`base64("alert(1)")` calls base64 only). */
function callsIn(expression: string, into: Set<string>): void {
  for (const m of expression.replace(STRING_LITERAL, '""').matchAll(CALL)) into.add(m[1]!);
}

/**
 * A placeholder Nuclei would evaluate: it starts with a call and has no member access. Payloads
 * for template injection (`{{''.__class__…popen('id').read()}}`, `{{_self.env…}}`) are left as
 * text by Nuclei and must not count as helper calls.
 */
function looksLikeDsl(expression: string): boolean {
  const code = expression.replace(STRING_LITERAL, '""').trim();
  return /^[A-Za-z_][A-Za-z0-9_]*\s*\(/.test(code) && !/[A-Za-z_)\]]\./.test(code);
}

/**
 * Calls in `{{…}}` placeholders, innermost first; each rendered one stands in as plain text. A
 * placeholder calling a name Nuclei does not know is sent as written by Nuclei (and by the engine:
 * see dsl/render.ts), so it does not count.
 */
function placeholderCalls(text: string, into: Set<string>): void {
  let rest = text;
  for (let depth = 0; depth < 8 && rest.includes('{{'); depth++) {
    const next = rest.replace(INNERMOST, (_, inner: string) => {
      if (looksLikeDsl(inner)) {
        const calls = new Set<string>();
        callsIn(inner, calls);
        if ([...calls].every(isNucleiHelper)) for (const name of calls) into.add(name);
      }
      return 'x';
    });
    if (next === rest) return;
    rest = next;
  }
}

function walk(value: unknown, inDsl: boolean, into: Set<string>): void {
  if (typeof value === 'string') {
    if (inDsl) callsIn(value, into);
    else placeholderCalls(value, into);
  } else if (Array.isArray(value)) for (const v of value) walk(v, inDsl, into);
  else if (value && typeof value === 'object') {
    const map = value as Record<string, unknown>;
    for (const k in map) walk(map[k], inDsl || k === 'dsl', into);
  }
}

/**
 * DSL helpers a template calls that the engine does not have. Such a template would load and
 * never match (the call fails at run time), so the loader refuses it with `dsl-helper-missing`.
 * Only expressions are read: `dsl:` entries and `{{…}}` placeholders, not raw request text.
 */
export function missingHelpers(raw: YamlMap): string[] {
  const called = new Set<string>();
  // Every top-level key but `info`, as `walk` visits a map (no `{ info, ...body }` copy per template).
  for (const k in raw) if (k !== 'info') walk(raw[k], k === 'dsl', called);
  return [...called].filter((name) => !NOT_HELPERS.has(name) && !hasHelper(name)).sort();
}
