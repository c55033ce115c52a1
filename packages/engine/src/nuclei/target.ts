import type { DslValue } from './dsl/values.js';

/** A scan input, parsed once. */
export interface Target {
  /** As given by the caller. */
  readonly input: string;
  readonly scheme?: 'http' | 'https';
  readonly host: string;
  /** Only when the input carried one. */
  readonly explicitPort?: number;
  readonly path: string;
  readonly query: string;
}

/** Parses `https://h:8443/app?x=1`, `h:8080`, `h` or `10.0.0.1`. */
export function parseTarget(input: string): Target {
  const trimmed = input.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  const url = new URL(hasScheme ? trimmed : `http://${trimmed}`);
  const scheme = hasScheme
    ? url.protocol === 'https:'
      ? 'https'
      : url.protocol === 'http:'
        ? 'http'
        : undefined
    : undefined;
  const portMatch = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\[[^\]]+\]|[^/:?#]+):(\d+)/i.exec(trimmed);
  return {
    input,
    scheme,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    explicitPort: portMatch ? Number(portMatch[1]) : undefined,
    // Keep the path as written: `http://h` has none, so `{{BaseURL}}` has no trailing slash.
    path: /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#]*(\/[^?#]*)?/i.exec(trimmed)?.[1] ?? '',
    query: url.search.replace(/^\?/, ''),
  };
}

export const defaultPort = (scheme: 'http' | 'https'): number => (scheme === 'https' ? 443 : 80);

const hostForUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** `{{Hostname}}`: host plus the port when the input carried one. */
export function hostname(target: Target): string {
  return target.explicitPort === undefined
    ? hostForUrl(target.host)
    : `${hostForUrl(target.host)}:${target.explicitPort}`;
}

/** The built-in `{{…}}` variables for an HTTP target with a known scheme. */
export function httpVariables(target: Target, scheme: 'http' | 'https'): Map<string, DslValue> {
  const port = target.explicitPort ?? defaultPort(scheme);
  const showPort = target.explicitPort !== undefined && target.explicitPort !== defaultPort(scheme);
  const authority = showPort ? `${hostForUrl(target.host)}:${port}` : hostForUrl(target.host);
  const root = `${scheme}://${authority}`;
  const path = target.path;
  const segments = path.split('/');
  const file = segments[segments.length - 1] ?? '';
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return new Map<string, DslValue>([
    ['BaseURL', root + path],
    ['RootURL', root],
    ['Hostname', hostname(target)],
    ['Host', target.host],
    ['Port', String(port)],
    ['Scheme', scheme],
    ['Path', dir],
    ['File', file],
    ['Query', target.query],
    ...domainVariables(target.host),
  ]);
}

/** `{{FQDN}}`, `{{RDN}}`, `{{DN}}`, `{{SD}}`, `{{TLD}}` for a host name. */
export function domainVariables(host: string): [string, DslValue][] {
  const labels = host.split('.');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  const rdn = isIp || labels.length < 2 ? host : labels.slice(-2).join('.');
  return [
    ['FQDN', host],
    ['RDN', rdn],
    ['DN', isIp || labels.length < 2 ? host : labels[labels.length - 2]!],
    ['TLD', isIp ? '' : labels[labels.length - 1]!],
    ['SD', isIp || labels.length <= 2 ? '' : labels.slice(0, -2).join('.')],
  ];
}
