import { type Token, tokenize } from './lexer.js';
import { DslError } from './values.js';

export type Ast =
  | { readonly type: 'lit'; readonly value: string | number | boolean }
  | { readonly type: 'var'; readonly name: string }
  | { readonly type: 'call'; readonly name: string; readonly args: readonly Ast[] }
  | { readonly type: 'list'; readonly items: readonly Ast[] }
  | { readonly type: 'unary'; readonly op: string; readonly arg: Ast }
  | { readonly type: 'binary'; readonly op: string; readonly left: Ast; readonly right: Ast }
  | { readonly type: 'ternary'; readonly test: Ast; readonly then: Ast; readonly otherwise: Ast };

// govaluate's precedence, loosest first.
const BINARY_LEVELS: readonly (readonly string[])[] = [
  ['??'],
  ['||'],
  ['&&'],
  ['==', '!=', '>', '<', '>=', '<=', '=~', '!~', 'in'],
  ['&', '|', '^'],
  ['<<', '>>'],
  ['+', '-'],
  ['*', '/', '%'],
  ['**'],
];

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Ast {
    const ast = this.ternary();
    if (this.pos < this.tokens.length) {
      throw new DslError(`unexpected ${JSON.stringify(this.tokens[this.pos]!.value)} in expression`);
    }
    return ast;
  }

  private peekOp(): string | undefined {
    const t = this.tokens[this.pos];
    return t?.kind === 'op' ? t.value : undefined;
  }

  private expect(op: string): void {
    if (this.peekOp() !== op) throw new DslError(`expected "${op}" in expression`);
    this.pos++;
  }

  private ternary(): Ast {
    const test = this.binary(0);
    if (this.peekOp() !== '?') return test;
    this.pos++;
    const then = this.ternary();
    this.expect(':');
    const otherwise = this.ternary();
    return { type: 'ternary', test, then, otherwise };
  }

  private binary(level: number): Ast {
    if (level >= BINARY_LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const op = this.peekOp();
      if (!op || !BINARY_LEVELS[level]!.includes(op)) return left;
      this.pos++;
      // `**` is right-associative; everything else is left-associative.
      const right = op === '**' ? this.binary(level) : this.binary(level + 1);
      left = { type: 'binary', op, left, right };
    }
  }

  private unary(): Ast {
    const op = this.peekOp();
    if (op === '-' || op === '!' || op === '~') {
      this.pos++;
      return { type: 'unary', op, arg: this.unary() };
    }
    return this.primary();
  }

  private primary(): Ast {
    const t = this.tokens[this.pos++];
    if (!t) throw new DslError('unexpected end of expression');
    switch (t.kind) {
      case 'num':
      case 'str':
      case 'bool':
        return { type: 'lit', value: t.value };
      case 'ident': {
        if (this.peekOp() !== '(') return { type: 'var', name: t.value };
        this.pos++;
        const args = this.list(')');
        return { type: 'call', name: t.value, args };
      }
      case 'op': {
        if (t.value !== '(') throw new DslError(`unexpected "${t.value}" in expression`);
        const items = this.list(')');
        // `(1, 2, 3)` is a list for `in`; `(x)` is grouping.
        return items.length === 1 ? items[0]! : { type: 'list', items };
      }
    }
  }

  private list(close: string): Ast[] {
    const items: Ast[] = [];
    if (this.peekOp() === close) {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.ternary());
      const op = this.peekOp();
      this.pos++;
      if (op === close) return items;
      if (op !== ',') throw new DslError(`expected "," or "${close}" in expression`);
    }
  }
}

const cache = new Map<string, Ast>();

/** Parses (and caches) a DSL expression; throws DslError on a syntax error. */
export function parseExpression(source: string): Ast {
  let ast = cache.get(source);
  if (!ast) {
    ast = new Parser(tokenize(source)).parse();
    if (cache.size > 50_000) cache.clear();
    cache.set(source, ast);
  }
  return ast;
}
