import { compileGoRegex } from '../regex/go-regex.js';
import { callHelper } from './helpers.js';
import { type Ast, parseExpression } from './parser.js';
import { DslError, type DslValue, isList, toStr } from './values.js';

/** Variables visible to an expression. A Map works. */
export interface Scope {
  get(name: string): DslValue | undefined;
  has(name: string): boolean;
}

/**
 * Evaluates a govaluate expression: numbers are float64, `==` never converts types, `+` joins
 * strings when either side is one, and a missing variable or a type mismatch throws DslError
 * (which callers treat as "no match").
 *
 * @example
 * evaluateDsl('status_code == 200 && contains(body, "ok")', new Map([['status_code', 200], ['body', 'ok']])) // true
 */
export function evaluateDsl(source: string, scope: Scope): DslValue {
  return evaluate(parseExpression(source), scope);
}

/** Like evaluateDsl but any error or a non-boolean result is `false`. */
export function evaluateDslCondition(source: string, scope: Scope): boolean {
  try {
    return evaluateDsl(source, scope) === true;
  } catch {
    return false;
  }
}

export function evaluate(ast: Ast, scope: Scope): DslValue {
  switch (ast.type) {
    case 'lit':
      return ast.value;
    case 'var': {
      if (!scope.has(ast.name)) throw new DslError(`no variable "${ast.name}"`);
      return scope.get(ast.name);
    }
    case 'list':
      return ast.items.map((item) => evaluate(item, scope));
    case 'call':
      return callHelper(
        ast.name,
        ast.args.map((a) => evaluate(a, scope)),
      );
    case 'ternary': {
      const test = evaluate(ast.test, scope);
      if (typeof test !== 'boolean') throw new DslError('ternary test is not a boolean');
      return evaluate(test ? ast.then : ast.otherwise, scope);
    }
    case 'unary':
      return unary(ast.op, evaluate(ast.arg, scope));
    case 'binary':
      return binary(ast, scope);
  }
}

function unary(op: string, v: DslValue): DslValue {
  if (op === '!') {
    if (typeof v !== 'boolean') throw new DslError('"!" needs a boolean');
    return !v;
  }
  if (typeof v !== 'number') throw new DslError(`"${op}" needs a number`);
  return op === '-' ? -v : ~v;
}

const num = (v: DslValue, op: string): number => {
  if (typeof v !== 'number') throw new DslError(`"${op}" needs numbers`);
  return v;
};

function binary(ast: Extract<Ast, { type: 'binary' }>, scope: Scope): DslValue {
  const { op } = ast;
  if (op === '&&' || op === '||') {
    const left = evaluate(ast.left, scope);
    if (typeof left !== 'boolean') throw new DslError(`"${op}" needs booleans`);
    if (op === '&&' ? !left : left) return left;
    const right = evaluate(ast.right, scope);
    if (typeof right !== 'boolean') throw new DslError(`"${op}" needs booleans`);
    return right;
  }
  if (op === '??') {
    try {
      const left = evaluate(ast.left, scope);
      if (left !== null && left !== undefined) return left;
    } catch {
      // A missing left side falls back to the right side.
    }
    return evaluate(ast.right, scope);
  }
  const l = evaluate(ast.left, scope);
  const r = evaluate(ast.right, scope);
  switch (op) {
    case '==':
      return equal(l, r);
    case '!=':
      return !equal(l, r);
    case '+':
      if (typeof l === 'number' && typeof r === 'number') return l + r;
      if (typeof l === 'string' || typeof r === 'string') return toStr(l) + toStr(r);
      throw new DslError('"+" needs numbers or strings');
    case '-':
      return num(l, op) - num(r, op);
    case '*':
      return num(l, op) * num(r, op);
    case '/':
      return num(l, op) / num(r, op);
    case '%':
      return num(l, op) % num(r, op);
    case '**':
      return num(l, op) ** num(r, op);
    case '&':
      return num(l, op) & num(r, op);
    case '|':
      return num(l, op) | num(r, op);
    case '^':
      return num(l, op) ^ num(r, op);
    case '<<':
      return num(l, op) << num(r, op);
    case '>>':
      return num(l, op) >> num(r, op);
    case '>':
    case '<':
    case '>=':
    case '<=':
      return order(op, l, r);
    case '=~':
    case '!~': {
      if (typeof l !== 'string' || typeof r !== 'string') throw new DslError(`"${op}" needs strings`);
      const found = compileGoRegex(r).test(l);
      return op === '=~' ? found : !found;
    }
    case 'in':
      if (!isList(r)) throw new DslError('"in" needs a list on the right');
      return r.some((item) => equal(l, item));
    default:
      throw new DslError(`unknown operator ${op}`);
  }
}

function order(op: string, l: DslValue, r: DslValue): boolean {
  const bothNumbers = typeof l === 'number' && typeof r === 'number';
  const bothStrings = typeof l === 'string' && typeof r === 'string';
  if (!bothNumbers && !bothStrings) throw new DslError(`"${op}" cannot compare ${typeof l} with ${typeof r}`);
  const a = l as number | string;
  const b = r as number | string;
  return op === '>' ? a > b : op === '<' ? a < b : op === '>=' ? a >= b : a <= b;
}

function equal(l: DslValue, r: DslValue): boolean {
  if (isList(l) && isList(r)) return l.length === r.length && l.every((v, i) => equal(v, r[i]));
  return l === r;
}
