/**
 * The subset of Nuclei's `flow:` (a JavaScript program) that is only protocol calls joined by
 * `&&` / `||` with parentheses — `http(1) && http("login")` — which is 96 % of the flow templates
 * in the community corpus. It is evaluated without starting a JavaScript runtime (js/flow/run-flow.ts),
 * through the same calls as a JavaScript flow. Anything else (loops, `set()`, `iterate()`) runs in
 * the sandbox.
 */
export type FlowExpr =
  | {
      readonly kind: 'call';
      readonly protocol: 'http' | 'dns' | 'tcp' | 'ssl' | 'javascript';
      readonly ids: readonly string[];
    }
  | { readonly kind: 'and' | 'or'; readonly left: FlowExpr; readonly right: FlowExpr };

const PROTOCOLS: Record<string, 'http' | 'dns' | 'tcp' | 'ssl' | 'javascript'> = {
  http: 'http',
  javascript: 'javascript',
  dns: 'dns',
  tcp: 'tcp',
  network: 'tcp',
  ssl: 'ssl',
};

// A call's arguments: nothing, or numbers and plain quoted ids separated by commas.
const CALL = /^([a-z]+)\(\s*((?:\d+|"[\w-]+"|'[\w-]+')(?:\s*,\s*(?:\d+|"[\w-]+"|'[\w-]+'))*)?\s*\)$/;

/** Parses a flow made only of protocol calls, `&&`, `||` and parentheses; `undefined` otherwise. */
export function parseSimpleFlow(source: string): FlowExpr | undefined {
  const tokens = source
    .trim()
    .replace(/;\s*$/, '')
    .match(/\s+|&&|\|\||\(|\)|[a-z]+\([^()]*\)|./g);
  if (!tokens) return undefined;
  const list = tokens.filter((t) => !/^\s+$/.test(t));
  let pos = 0;
  const atom = (): FlowExpr | undefined => {
    const t = list[pos++];
    if (t === '(') {
      const inner = or();
      return list[pos++] === ')' ? inner : undefined;
    }
    const call = t ? CALL.exec(t) : null;
    const protocol = call ? PROTOCOLS[call[1]!] : undefined;
    if (!call || !protocol) return undefined;
    const ids = call[2] ? call[2].split(',').map((a) => a.trim().replace(/^["']|["']$/g, '')) : [];
    return { kind: 'call', protocol, ids };
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
