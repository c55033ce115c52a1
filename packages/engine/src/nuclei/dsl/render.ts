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
  const simple = simpleTemplate(text);
  if (simple) return renderSimple(simple, scope);
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

/**
 * Most request templates (`{{BaseURL}}/path?x=1`, `Host: {{Hostname}}`) are literal text around
 * bare `{{name}}` markers. For those the general algorithm (regex passes with held values) always
 * ends after one pass with each marker replaced by its value or left as written, so they are split
 * once and rendered by concatenation: the scan renders every request's path and headers.
 * `literals` has one more entry than `markers`.
 */
interface SimpleTemplate {
  readonly literals: readonly string[];
  readonly markers: readonly { readonly name: string; readonly whole: string }[];
}
const simpleCache = new Map<string, SimpleTemplate | null>();

function simpleTemplate(text: string): SimpleTemplate | null {
  let cached = simpleCache.get(text);
  if (cached !== undefined) return cached;
  cached = splitSimple(text);
  // Texts are template parts (and words with markers), but bound it all the same.
  if (simpleCache.size >= 10_000) simpleCache.clear();
  simpleCache.set(text, cached);
  return cached;
}

function splitSimple(text: string): SimpleTemplate | null {
  // `§` markers, held-value NULs and stray braces (nested or adjacent markers) take the general path.
  if (text.includes('\u00a7') || text.includes('\u0000')) return null;
  const literals: string[] = [];
  const markers: { name: string; whole: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const name = m[1]!.trim();
    // Expressions (calls, strings, `+`) are evaluated by the general path.
    if (/[()"'+]/.test(name)) return null;
    literals.push(text.slice(last, m.index));
    markers.push({ name, whole: m[0] });
    last = m.index + m[0].length;
  }
  literals.push(text.slice(last));
  if (literals.some((l) => l.includes('{') || l.includes('}'))) return null;
  return { literals, markers };
}

function renderSimple(t: SimpleTemplate, scope: Scope): string {
  let out = t.literals[0]!;
  for (let i = 0; i < t.markers.length; i++) {
    const { name, whole } = t.markers[i]!;
    out += (scope.has(name) ? toStr(scope.get(name)) : whole) + t.literals[i + 1]!;
  }
  return out;
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
