/** The six supported passive sources, each parsing its real response format. */
import { getJson, getText, type PassiveProvider, type ProviderName } from './provider.js';

const enc = encodeURIComponent;

/** crt.sh: certificate transparency search; `name_value` holds newline-separated names. */
export const crtsh: PassiveProvider = {
  name: 'crtsh',
  defaultBaseUrl: 'https://crt.sh',
  requiresKey: false,
  async enumerate(domain, context) {
    const rows = await getJson<{ name_value?: string; common_name?: string }[]>(
      `${context.baseUrl}/?q=${enc(`%.${domain}`)}&output=json`,
      context,
    );
    return rows.flatMap((r) => [...(r.name_value ?? '').split('\n'), r.common_name ?? '']);
  },
};

/** SSLMate CertSpotter v1 issuances with expanded dns_names; a key raises the rate limit. */
export const certspotter: PassiveProvider = {
  name: 'certspotter',
  defaultBaseUrl: 'https://api.certspotter.com',
  requiresKey: false,
  async enumerate(domain, context) {
    const rows = await getJson<{ dns_names?: string[] }[]>(
      `${context.baseUrl}/v1/issuances?domain=${enc(domain)}&include_subdomains=true&expand=dns_names`,
      context,
      context.apiKey ? { Authorization: `Bearer ${context.apiKey}` } : {},
    );
    return rows.flatMap((r) => r.dns_names ?? []);
  },
};

/** HackerTarget host search: plain text `host,ip` lines, or an error sentence with status 200. */
export const hackertarget: PassiveProvider = {
  name: 'hackertarget',
  defaultBaseUrl: 'https://api.hackertarget.com',
  requiresKey: false,
  async enumerate(domain, context) {
    const key = context.apiKey ? `&apikey=${enc(context.apiKey)}` : '';
    const text = await getText(`${context.baseUrl}/hostsearch/?q=${enc(domain)}${key}`, context);
    if (/^error|API count exceeded/i.test(text.trim())) {
      if (/no records|check your search/i.test(text)) return [];
      throw new Error(text.trim().slice(0, 120));
    }
    return text.split('\n').map((line) => line.split(',')[0] ?? '');
  },
};

/** AlienVault OTX passive DNS for a domain indicator. */
export const otx: PassiveProvider = {
  name: 'otx',
  defaultBaseUrl: 'https://otx.alienvault.com',
  requiresKey: false,
  async enumerate(domain, context) {
    const body = await getJson<{ passive_dns?: { hostname?: string }[] }>(
      `${context.baseUrl}/api/v1/indicators/domain/${enc(domain)}/passive_dns`,
      context,
      context.apiKey ? { 'X-OTX-API-KEY': context.apiKey } : {},
    );
    return (body.passive_dns ?? []).map((r) => r.hostname ?? '');
  },
};

/** VirusTotal v3 subdomains relationship, following cursor pages (bounded). */
export const virustotal: PassiveProvider = {
  name: 'virustotal',
  defaultBaseUrl: 'https://www.virustotal.com',
  requiresKey: true,
  async enumerate(domain, context) {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const query = `limit=40${cursor ? `&cursor=${enc(cursor)}` : ''}`;
      const body = await getJson<{ data?: { id?: string }[]; meta?: { cursor?: string } }>(
        `${context.baseUrl}/api/v3/domains/${enc(domain)}/subdomains?${query}`,
        context,
        { 'x-apikey': context.apiKey ?? '' },
      );
      names.push(...(body.data ?? []).map((d) => d.id ?? ''));
      cursor = body.meta?.cursor;
      if (!cursor) break;
    }
    return names;
  },
};

/** SecurityTrails: returns labels relative to the domain. */
export const securitytrails: PassiveProvider = {
  name: 'securitytrails',
  defaultBaseUrl: 'https://api.securitytrails.com',
  requiresKey: true,
  async enumerate(domain, context) {
    const body = await getJson<{ subdomains?: string[] }>(
      `${context.baseUrl}/v1/domain/${enc(domain)}/subdomains?children_only=false&include_inactive=true`,
      context,
      { APIKEY: context.apiKey ?? '' },
    );
    return (body.subdomains ?? []).map((label) => `${label}.${domain}`);
  },
};

export const PASSIVE_PROVIDERS: Readonly<Record<ProviderName, PassiveProvider>> = {
  crtsh,
  certspotter,
  hackertarget,
  otx,
  virustotal,
  securitytrails,
};
