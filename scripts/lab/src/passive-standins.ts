/**
 * Local stand-ins for passive subdomain sources. Each answers at its own path prefix in the
 * real provider's response format (field names, nesting, text vs JSON, key headers, errors), so
 * the engine's parsers are tested against what the real services return:
 *
 * - crt.sh          GET /crtsh/?q=%25.{domain}&output=json            → JSON array of certificates
 * - CertSpotter     GET /certspotter/v1/issuances?domain=…&include_subdomains=true&expand=dns_names
 * - HackerTarget    GET /hackertarget/hostsearch/?q={domain}             → "host,ip" lines
 * - AlienVault OTX  GET /otx/api/v1/indicators/domain/{domain}/passive_dns
 * - VirusTotal v3   GET /virustotal/api/v3/domains/{domain}/subdomains   (x-apikey, cursor pages)
 * - SecurityTrails  GET /securitytrails/v1/domain/{domain}/subdomains    (APIKEY header)
 */
import http from 'node:http';
import type { ProviderName } from './types.js';

export interface StandinKnowledge {
  /** Names a provider reports for a domain (may include stale, unresolvable ones). */
  namesFor(provider: ProviderName, domain: string): string[];
  /** Address to show next to a name where the format has one. */
  ipOf(name: string): string | undefined;
}

export interface RunningStandins {
  baseUrl: string;
  /** Requests per provider, so tests can see a source was really asked. */
  hits: Record<ProviderName, number>;
  close(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function text(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, '');

function crtsh(names: string[], domain: string, res: http.ServerResponse): void {
  // crt.sh groups names per certificate in name_value, newline separated, and repeats
  // certificates; include a wildcard entry and a duplicate like the real feed does.
  const rows = names.map((name, i) => ({
    issuer_ca_id: 183267,
    issuer_name: "C=US, O=Let's Encrypt, CN=R3",
    common_name: name,
    name_value: i === 0 ? `${name}\n*.${domain}` : name,
    id: 9_000_000_000 + i,
    entry_timestamp: '2026-10-01T08:00:00.123',
    not_before: '2026-10-01T07:00:00',
    not_after: '2026-12-30T07:00:00',
    serial_number: `0${(0x3a1f00 + i).toString(16)}`,
    result_count: 2,
  }));
  json(res, 200, [...rows, ...rows.slice(0, 1)]);
}

function certspotter(names: string[], domain: string, res: http.ServerResponse): void {
  json(
    res,
    200,
    names.map((name, i) => ({
      id: String(5_000_000 + i),
      tbs_sha256: 'a'.repeat(64),
      cert_sha256: 'b'.repeat(64),
      dns_names: [name, domain],
      pubkey_sha256: 'c'.repeat(64),
      not_before: '2026-10-01T07:00:00Z',
      not_after: '2026-12-30T07:00:00Z',
      revoked: false,
    })),
  );
}

export async function startStandins(
  knowledge: StandinKnowledge,
  host: string,
  apiKey: string,
): Promise<RunningStandins> {
  const hits: Record<ProviderName, number> = {
    crtsh: 0,
    certspotter: 0,
    hackertarget: 0,
    otx: 0,
    virustotal: 0,
    securitytrails: 0,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const [, provider, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    switch (provider) {
      case 'crtsh': {
        hits.crtsh++;
        const q = url.searchParams.get('q') ?? '';
        if (url.searchParams.get('output') !== 'json') return text(res, 200, '<html>crt.sh</html>');
        const domain = q.replace(/^%\./, '');
        return crtsh(knowledge.namesFor('crtsh', domain), domain, res);
      }
      case 'certspotter': {
        hits.certspotter++;
        const domain = url.searchParams.get('domain') ?? '';
        if (path !== '/v1/issuances') return json(res, 404, { code: 'not_found', message: 'Not found' });
        return certspotter(knowledge.namesFor('certspotter', domain), domain, res);
      }
      case 'hackertarget': {
        hits.hackertarget++;
        const domain = url.searchParams.get('q') ?? '';
        const names = knowledge.namesFor('hackertarget', domain);
        if (names.length === 0) return text(res, 200, 'error check your search parameter');
        return text(res, 200, names.map((n) => `${n},${knowledge.ipOf(n) ?? ''}`).join('\n'));
      }
      case 'otx': {
        hits.otx++;
        const match = /^\/api\/v1\/indicators\/domain\/([^/]+)\/passive_dns$/.exec(path);
        if (!match) return json(res, 404, { detail: 'Not found.' });
        const names = knowledge.namesFor('otx', match[1] ?? '');
        return json(res, 200, {
          passive_dns: names.map((hostname) => ({
            address: knowledge.ipOf(hostname) ?? 'NXDOMAIN',
            first: iso(new Date('2026-09-01T00:00:00Z')),
            last: iso(new Date('2026-11-01T00:00:00Z')),
            hostname,
            record_type: 'A',
            indicator_link: `/indicator/hostname/${hostname}`,
            flag_url: 'assets/images/flags/us.png',
            flag_title: 'United States',
            asset_type: 'hostname',
            asn: 'AS0 Didban Lab',
          })),
          count: names.length,
        });
      }
      case 'virustotal': {
        hits.virustotal++;
        if (req.headers['x-apikey'] !== apiKey) {
          return json(res, 401, { error: { code: 'WrongCredentialsError', message: 'Wrong API key' } });
        }
        const match = /^\/api\/v3\/domains\/([^/]+)\/subdomains$/.exec(path);
        if (!match) return json(res, 404, { error: { code: 'NotFoundError', message: 'Not found' } });
        const domain = match[1] ?? '';
        const names = knowledge.namesFor('virustotal', domain);
        // Real pages hold up to `limit` items and a cursor for the next page; one per page here so
        // clients must follow the cursor.
        const start = Number(url.searchParams.get('cursor') ?? '0');
        const page = names.slice(start, start + 1);
        const next = start + 1 < names.length ? String(start + 1) : undefined;
        const self = `http://${req.headers.host}/virustotal${path}`;
        return json(res, 200, {
          meta: { count: names.length, ...(next ? { cursor: next } : {}) },
          data: page.map((id) => ({
            id,
            type: 'domain',
            links: { self: `http://${req.headers.host}/virustotal/api/v3/domains/${id}` },
            attributes: {
              last_dns_records: [{ type: 'A', value: knowledge.ipOf(id) ?? '', ttl: 300 }],
              tld: 'test',
            },
          })),
          links: { self, ...(next ? { next: `${self}?cursor=${next}&limit=1` } : {}) },
        });
      }
      case 'securitytrails': {
        hits.securitytrails++;
        if (req.headers.apikey !== apiKey)
          return json(res, 403, { message: 'Invalid authentication credentials' });
        const match = /^\/v1\/domain\/([^/]+)\/subdomains$/.exec(path);
        if (!match) return json(res, 404, { message: 'Not found' });
        const domain = match[1] ?? '';
        const labels = knowledge
          .namesFor('securitytrails', domain)
          .filter((n) => n.endsWith(`.${domain}`))
          .map((n) => n.slice(0, -(domain.length + 1)));
        return json(res, 200, {
          endpoint: `/v1/domain/${domain}/subdomains`,
          meta: { limit_reached: false },
          subdomain_count: labels.length,
          subdomains: labels,
        });
      }
      default:
        return text(res, 404, 'unknown provider');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://${host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
