/**
 * Scan-now targets (spec §2 /templates): a URL (`https://h:8443/app`) or `host[:port]`, exactly as
 * the user typed them — nothing is expanded or discovered. Browser-safe: the panel checks the
 * target list with the same rules before it asks the server.
 */

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function validPort(port: string): boolean {
  if (!/^\d{1,5}$/.test(port)) return false;
  const n = Number(port);
  return n >= 1 && n <= 65_535;
}

function validHost(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']'))
    return host.length > 2 && /^[0-9a-f:.]+$/i.test(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return IPV4.test(host);
  return HOSTNAME.test(host);
}

/** One target: true for `http(s)://host[:port][/path]` and `host[:port]`. */
export function isScanTarget(raw: string): boolean {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    if (!/^https?:\/\//i.test(value)) return false;
    try {
      const url = new URL(value);
      return validHost(url.hostname) && (url.port === '' || validPort(url.port));
    } catch {
      return false;
    }
  }
  const bracketed = /^(\[[^\]]+\])(?::(.*))?$/.exec(value);
  if (bracketed) return validHost(bracketed[1]!) && (bracketed[2] === undefined || validPort(bracketed[2]));
  const parts = value.split(':');
  if (parts.length > 2) return false;
  return validHost(parts[0]!) && (parts[1] === undefined || validPort(parts[1]));
}

/**
 * Split a target list (one per line or comma-separated), drop blanks and repeats, and report what
 * is not a target.
 * @example parseScanTargets('http://127.0.0.1:8080\nexample.com:443') // { targets: [...], invalid: [] }
 */
export function parseScanTargets(input: string | readonly string[]): {
  targets: string[];
  invalid: string[];
} {
  const items = (typeof input === 'string' ? input.split(/[\n,]/) : input)
    .map((s) => s.trim())
    .filter(Boolean);
  const targets: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) continue;
    seen.add(item);
    (isScanTarget(item) ? targets : invalid).push(item);
  }
  return { targets, invalid };
}
