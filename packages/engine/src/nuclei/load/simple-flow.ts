/**
 * The subset of Nuclei's `flow:` (a JavaScript program) that is only protocol calls joined by
 * `&&` / `||` with parentheses — `http(1) && http(2)` — which is 96 % of the flow templates in the
 * community corpus. It runs without a JavaScript runtime: each call runs one request block (or all
 * blocks of that protocol, without a number) and is true when its operators matched; `&&` and `||`
 * short-circuit as in JavaScript. Anything else (loops, `set()`, `iterate()`) is not this subset.
 */
export type FlowExpr =
  | { readonly kind: 'call'; readonly protocol: 'http' | 'dns' | 'tcp' | 'ssl'; readonly index?: number }
  | { readonly kind: 'and' | 'or'; readonly left: FlowExpr; readonly right: FlowExpr };

const PROTOCOLS: Record<string, 'http' | 'dns' | 'tcp' | 'ssl'> = {
  http: 'http',
  dns: 'dns',
  tcp: 'tcp',
  network: 'tcp',
  ssl: 'ssl',
};

/** Parses a flow made only of protocol calls, `&&`, `||` and parentheses; `undefined` otherwise. */
export function parseSimpleFlow(source: string): FlowExpr | undefined {
  const tokens = source
    .trim()
    .replace(/;\s*$/, '')
    .match(/\s+|&&|\|\||\(|\)|[a-z]+\(\s*\d*\s*\)|./g);
  if (!tokens) return undefined;
  const list = tokens.filter((t) => !/^\s+$/.test(t));
  let pos = 0;
  const atom = (): FlowExpr | undefined => {
    const t = list[pos++];
    if (t === '(') {
      const inner = or();
      return list[pos++] === ')' ? inner : undefined;
    }
    const call = t ? /^([a-z]+)\(\s*(\d*)\s*\)$/.exec(t) : null;
    const protocol = call ? PROTOCOLS[call[1]!] : undefined;
    if (!call || !protocol) return undefined;
    return { kind: 'call', protocol, index: call[2] ? Number(call[2]) : undefined };
  };
  const chain = (op: '&&' | '||', kind: 'and' | 'or', next: () => FlowExpr | undefined) => () => {
    let left = next();
    while (left && list[pos] === op) {
      pos++;
      const right = next();
      left = right ? { kind, left, right } : undefined;
    }
    return left;
  };
  const and = chain('&&', 'and', atom);
  const or = chain('||', 'or', and);
  const expr = or();
  return expr && pos === list.length ? expr : undefined;
}
