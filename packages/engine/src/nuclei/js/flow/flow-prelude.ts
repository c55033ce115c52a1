/**
 * nuclei's flow built-ins written in the sandbox's own JavaScript (pkg/tmplexec/flow/vm.go):
 * `iterate()` flattens its arguments into one list (a non-list becomes a one-item list, null and
 * undefined are skipped), `Dedupe` keeps distinct values in insertion order, `log()` returns its
 * argument, and `template` reads the run's variables through the host as they are now.
 */
export const FLOW_PRELUDE = `
globalThis.iterate = function iterate(...args) {
  const all = [];
  for (const v of args) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) all.push(...v);
    else all.push(v);
  }
  return all;
};
globalThis.Dedupe = function Dedupe() {
  if (!(this instanceof Dedupe)) return new Dedupe();
  const seen = new Map();
  this.Add = (v) => {
    for (const item of Array.isArray(v) ? v : [v]) {
      const key = typeof item + ':' + String(item);
      if (!seen.has(key)) seen.set(key, item);
    }
  };
  this.Values = () => [...seen.values()];
};
globalThis.log = function log(v) {
  __log(typeof v === 'string' ? v : JSON.stringify(v));
  return v;
};
{
  const get = __templateGet, keys = __templateKeys;
  const own = (t, k) => Object.prototype.hasOwnProperty.call(t, k);
  globalThis.template = new Proxy({}, {
    // A name the run does not hold falls through to the object's own (hasOwnProperty, toString…).
    get: (t, k) => {
      if (typeof k !== 'string' || own(t, k)) return t[k];
      const v = get(k);
      return v === undefined ? t[k] : v;
    },
    has: (t, k) => typeof k === 'string' && (own(t, k) || keys().includes(k)),
    ownKeys: (t) => [...new Set([...Reflect.ownKeys(t), ...keys()])],
    getOwnPropertyDescriptor: (t, k) =>
      own(t, k)
        ? Reflect.getOwnPropertyDescriptor(t, k)
        : typeof k === 'string' && keys().includes(k)
          ? { value: get(k), enumerable: true, configurable: true, writable: true }
          : undefined,
  });
}
delete globalThis.__templateGet;
delete globalThis.__templateKeys;
`;
