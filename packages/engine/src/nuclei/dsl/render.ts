import { evaluateDsl, type Scope } from './evaluate.js';
import { toStr } from './values.js';

const MARKER = /\{\{([^{}]*)\}\}/g;
// Template text is a byte string, so `§` arrives as its UTF-8 bytes C2 A7 (or as A7 alone).
const PAYLOAD_MARKER = /\u00c2?\u00a7([^\u00a7\s]+?)\u00c2?\u00a7/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL brackets a held value
const HELD = /\u0000(\d+)\u0000/g;
const UNRESOLVED = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;

/**
 * Replaces `{{name}}`, `{{dsl(expression)}}` and `§name§` markers, innermost first, so
 * `{{base64("{{user}}:{{pass}}")}}` works. Substituted values are never scanned again: a response
 * that contains `{{md5("x")}}` is sent literally when reused. Markers that cannot be resolved stay;
 * `hasUnresolved` tells the caller whether to skip the request (Nuclei skips it silently).
 *
 * @example
 * renderTemplate('{{BaseURL}}/{{to_upper("x")}}', new Map([['BaseURL', 'http://h']])) // 'http://h/X'
 */
export function renderTemplate(text: string, scope: Scope): string {
  if (!text.includes('{{') && !text.includes('§')) return text;
  const held: string[] = [];
  const hold = (value: string) => {
    held.push(value);
    return `\u0000${held.length - 1}\u0000`;
  };
  const unhold = (s: string) => s.replace(HELD, (_, i: string) => held[Number(i)]!);
  // `§name§` markers may sit inside a `{{…}}` expression, so they go first.
  let current = text.replace(PAYLOAD_MARKER, (whole, name: string) => {
    const value = scope.has(name) ? toStr(scope.get(name)) : undefined;
    return hold(value ?? whole);
  });
  for (let depth = 0; depth < 8; depth++) {
    let changed = false;
    current = current.replace(MARKER, (whole, inner: string) => {
      const resolved = resolveMarker(unhold(inner.trim()), scope);
      changed ||= resolved !== undefined;
      return hold(resolved ?? whole);
    });
    if (!changed) break;
  }
  return unhold(current);
}

function resolveMarker(expr: string, scope: Scope): string | undefined {
  if (scope.has(expr)) return toStr(scope.get(expr));
  if (!/[()"'+]/.test(expr)) return undefined; // a bare unknown name is not an expression
  try {
    return toStr(evaluateDsl(expr, scope));
  } catch {
    return undefined;
  }
}

export const hasUnresolved = (text: string): boolean => UNRESOLVED.test(text);
