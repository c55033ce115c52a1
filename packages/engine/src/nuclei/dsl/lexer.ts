import { DslError } from './values.js';

export type Token =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'str'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'ident'; readonly value: string }
  | { readonly kind: 'op'; readonly value: string };

// Longest first so `**` wins over `*` and `>=` over `>`.
const OPERATORS = [
  '**',
  '==',
  '!=',
  '>=',
  '<=',
  '=~',
  '!~',
  '&&',
  '||',
  '<<',
  '>>',
  '??',
  '+',
  '-',
  '*',
  '/',
  '%',
  '>',
  '<',
  '!',
  '~',
  '&',
  '|',
  '^',
  '?',
  ':',
  ',',
  '(',
  ')',
];

const isIdentStart = (c: string): boolean => /[A-Za-z_$]/.test(c);
const isIdentPart = (c: string): boolean => /[A-Za-z0-9_$.-]/.test(c);

/**
 * Splits a govaluate expression into tokens. Quirks kept on purpose: a backslash in a string
 * escapes the next character literally (govaluate drops the backslash), and an identifier may
 * contain `.` (accessors were never enabled in Nuclei).
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let value = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\' && c !== '`' && i + 1 < source.length) i++;
        value += source[i];
        i++;
      }
      if (i >= source.length) throw new DslError(`unclosed string in ${JSON.stringify(source)}`);
      i++;
      tokens.push({ kind: 'str', value });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const match = /^(0x[0-9a-fA-F]+|[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)/.exec(source.slice(i));
      const text = match![0];
      tokens.push({ kind: 'num', value: Number(text) });
      i += text.length;
      continue;
    }
    if (c === '[') {
      // govaluate's escaped variable name: [name with any characters]
      const end = source.indexOf(']', i);
      if (end < 0) throw new DslError('unclosed [ in expression');
      tokens.push({ kind: 'ident', value: source.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      // A `-` inside a name is only accepted when a letter follows (`interactsh-url`), so `a-1` is a subtraction.
      while (j < source.length && isIdentPart(source[j]!)) {
        if (source[j] === '-' && !/[A-Za-z]/.test(source[j + 1] ?? '')) break;
        j++;
      }
      const word = source.slice(i, j);
      i = j;
      if (word === 'true' || word === 'false') tokens.push({ kind: 'bool', value: word === 'true' });
      else if (word === 'in') tokens.push({ kind: 'op', value: 'in' });
      else tokens.push({ kind: 'ident', value: word });
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new DslError(`unexpected character ${JSON.stringify(c)} in expression`);
    tokens.push({ kind: 'op', value: op });
    i += op.length;
  }
  return tokens;
}
