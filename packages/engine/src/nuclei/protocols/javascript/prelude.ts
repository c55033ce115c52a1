import { MODULES } from './modules/index.js';

/**
 * nuclei's JavaScript globals written in the sandbox's own JavaScript (pkg/js/global, compiler):
 * `require('nuclei/…')` for the modules the script names, Export/ExportAs with Go's formatting
 * (`%+v` for maps, lists and scalars; `to_json` for the structs modules return), isPortOpen,
 * ToBytes/ToString, to_json, dump_json, to_array, hex_to_ascii, log/console.log and exit().
 * Bytes (Go []byte) are lists of numbers; text read off a socket is a byte string.
 */
export function javascriptPrelude(modules: readonly string[]): string {
  const sources = modules
    .filter((m) => MODULES.has(m))
    .map((m) => `${JSON.stringify(m)}: function () { ${MODULES.get(m)!.guest} }`)
    .join(',\n');
  return `
{
  const hostCall = __hostCall;
  delete globalThis.__hostCall;
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: false, enumerable: false, configurable: false });
  define('__host', (module, fn, ...args) => hostCall(module, fn, args));
  define('__class', (cls) => {
    // Go constructors work with or without \`new\` (m.MySQLClient() and new m.MySQLClient()).
    function C(...a) { return Reflect.construct(cls, a, new.target || C); }
    C.prototype = cls.prototype;
    Object.defineProperty(C, 'name', { value: cls.name });
    return C;
  });
  define('__struct', (v) => { if (v && typeof v === 'object') Object.defineProperty(v, '__go', { value: 'struct' }); return v; });
  define('__bytesOut', (s) => { const out = []; const t = String(s ?? ''); for (let i = 0; i < t.length; i++) out.push(t.charCodeAt(i) & 255); return out; });
  define('__bytesIn', (d) => (Array.isArray(d) || ArrayBuffer.isView(d)) ? Array.from(d).map((c) => String.fromCharCode(Number(c) & 255)).join('') : Array.isArray(d) ? d.map((c) => String.fromCharCode(Number(c) & 255)).join('') : (d === undefined || d === null ? '' : String(d)));
  const sources = { ${sources} };
  const cache = {};
  define('require', (name) => {
    const m = /^nuclei\\/([A-Za-z0-9_-]+)$/.exec(String(name));
    if (!m) throw new Error("require('" + name + "'): only nuclei/* modules exist in the sandbox");
    if (!(m[1] in sources)) throw new Error('nuclei/' + m[1] + ': not available in this sandbox');
    return cache[m[1]] ??= sources[m[1]]();
  });
  const goFormat = (v) => {
    if (v === null || v === undefined) return '<nil>';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    if (Array.isArray(v) || ArrayBuffer.isView(v)) return '[' + Array.from(v).map(goFormat).join(' ') + ']';
    if (typeof v === 'object') {
      if (v.__go === 'struct') return JSON.stringify(v, null, 2);
      return 'map[' + Object.keys(v).sort().map((k) => k + ':' + goFormat(v[k])).join(' ') + ']';
    }
    return String(v);
  };
  const stringify = (v) => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'object' && !Array.isArray(v) && v.__go === 'struct') return JSON.stringify(v, null, 2);
    return goFormat(v);
  };
  define('__stringify', stringify);
  if ('bytes' in sources) Object.defineProperty(globalThis, 'bytes', { get: () => require('nuclei/bytes'), configurable: true });
  let exported = '';
  const exportsAs = {};
  define('Export', (...args) => { for (const a of args) exported += stringify(a); return null; });
  define('ExportAs', function (k, v) {
    if (arguments.length !== 2) throw 'ExportAs expects 2 arguments';
    exportsAs[String(k)] = stringify(v);
    return null;
  });
  define('__exports', () => ({ exported, exportsAs }));
  class Exit extends Error {}
  define('exit', () => { throw new Exit('exit'); });
  define('__isExit', (e) => e instanceof Exit);
  define('isPortOpen', (h, p, t) => __host('', 'isPortOpen', h, p, t));
  define('isUDPPortOpen', (h, p, t) => __host('', 'isUDPPortOpen', h, p, t));
  const str = (v) => v === null || v === undefined ? '' : (Array.isArray(v) ? v.map(str).join('') : String(v));
  define('ToString', (...a) => a.map((v) => Array.isArray(v) ? __bytesIn(v) : str(v)).join(''));
  define('ToBytes', (...a) => __bytesOut(a.map((v) => Array.isArray(v) ? v.map(str).join('') : str(v)).join('')));
  define('to_json', (d) => JSON.stringify(d, null, 2));
  define('dump_json', (d) => { __log(JSON.stringify(d, null, 2)); });
  define('to_array', (d) => Object.setPrototypeOf(d, Array.prototype));
  define('hex_to_ascii', (s) => { const h = String(s); let o = ''; for (let n = 0; n < h.length; n += 2) o += String.fromCharCode(parseInt(h.substr(n, 2), 16)); return o; });
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  define('btoa', (s) => { const t = String(s); let o = ''; for (let i = 0; i < t.length; i += 3) { const n = (t.charCodeAt(i) << 16) | ((t.charCodeAt(i + 1) || 0) << 8) | (t.charCodeAt(i + 2) || 0); o += B64[n >> 18 & 63] + B64[n >> 12 & 63] + (i + 1 < t.length ? B64[n >> 6 & 63] : '=') + (i + 2 < t.length ? B64[n & 63] : '='); } return o; });
  define('atob', (s) => { const t = String(s).replace(/[^A-Za-z0-9+/]/g, ''); let o = ''; for (let i = 0; i < t.length; i += 4) { const n = (B64.indexOf(t[i]) << 18) | (B64.indexOf(t[i + 1]) << 12) | ((B64.indexOf(t[i + 2]) & 63) << 6) | (B64.indexOf(t[i + 3]) & 63); o += String.fromCharCode(n >> 16 & 255); if (t[i + 2]) o += String.fromCharCode(n >> 8 & 255); if (t[i + 3]) o += String.fromCharCode(n & 255); } return o; });
  const log = (...a) => { __log(a.map((v) => typeof v === 'string' ? v : JSON.stringify(v)).join(' ')); return a[0]; };
  define('log', log);
  define('console', Object.freeze({ log, info: log, warn: log, error: log, debug: log }));
}
`;
}

/**
 * The script as nuclei compiles it (compiler.SourceAutoMode): wrapped in a function when it calls
 * Export/ExportAs (then the response is what it exported, plus what it returned), otherwise run as
 * a program whose last value is the response. The wrapper hands the host plain data only.
 */
export function javascriptMain(code: string): string {
  const iife = /Export(As)?/.test(code);
  const body = iife ? `(function() {\n${code}\n})()` : code;
  return `
(() => {
  let value, error, exited = false;
  try { value = (0, eval)(${JSON.stringify(body)}); }
  catch (e) {
    if (__isExit(e)) exited = true;
    else error = typeof e === 'string' ? e : String(e && e.message !== undefined ? e.message : e);
  }
  const { exported, exportsAs } = __exports();
  if (error !== undefined) return { error, exportsAs };
  if (exited) return { exited: true, exportsAs };
  if (${iife}) {
    const response = exported + __stringify(value);
    return { response, success: response !== '', exportsAs };
  }
  const plain = value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
  return { response: plain ? (value ?? null) : __stringify(value), success: !!value, exportsAs };
})()
`;
}
