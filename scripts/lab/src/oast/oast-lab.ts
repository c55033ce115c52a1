/**
 * Out-of-band targets for the lab: Didban's own interaction server (apps/server/src/oast) on a
 * lab address, and web apps with a planted blind SSRF and blind XXE that call out to it — the
 * targets of community templates with `{{interactsh-url}}` (scripts/lab/templates/oast).
 *
 * Everything stays on loopback. A planted app resolves a callback host as the internet would:
 * names under the interaction domain are delegated to the interaction server's DNS listener (so
 * the lookup itself is a DNS interaction), other names go to the lab's DNS; it fetches only
 * 127/8 addresses.
 *
 * @example
 * const lab = await startLab();
 * const oast = await startOastLab(lab);
 * const app = await oast.plant('oob.lab.didban.test'); // blind SSRF + blind XXE
 * // scan app.httpUrl with a worker started with oast.workerArgs
 * await oast.stop(); await lab.stop();
 */
import { createSocket } from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OastServer, startOastServer } from '../../../../apps/server/src/oast/oast-server.js';
import { dnsPacket } from '../deps.js';
import type { Lab } from '../lab.js';

/** The weaknesses an out-of-band app can carry (each a community template's target). */
export const OAST_WEAKNESSES = ['blind-ssrf', 'blind-xxe'] as const;
export type OastWeakness = (typeof OAST_WEAKNESSES)[number];

export interface OastApp {
  name: string;
  ip: string;
  httpUrl: string;
  weaknesses: OastWeakness[];
  /** Callbacks this app made (URLs), newest last: what the interaction server should have seen. */
  fetched: string[];
}

export interface OastLab {
  /** The interaction domain: callback hosts are `<id>.<domain>`. */
  readonly domain: string;
  /** Where interactsh clients register and poll (the interaction server's HTTP listener). */
  readonly serverUrl: string;
  /** `host:port` of its DNS listener (UDP and TCP). */
  readonly dnsAddress: string;
  /** `didban-worker` flags that point a worker at it. */
  readonly workerArgs: string[];
  readonly server: OastServer;
  plant(name: string, weaknesses?: readonly OastWeakness[]): Promise<OastApp>;
  apps(): OastApp[];
  stop(): Promise<void>;
}

const FETCH_TIMEOUT_MS = 5_000;

/** Start the interaction server on its own lab host (`oast.<zone>`, port 80; DNS on a free port). */
export async function startOastLab(lab: Lab): Promise<OastLab> {
  const zone = lab.manifest().zone;
  const domain = `oast.${zone}`;
  const host = await lab.control.addHost({ name: domain, services: [] });
  const ip = host.ips[0];
  if (!ip) throw new Error(`lab host ${domain} got no address`);
  const dataDir = await mkdtemp(join(tmpdir(), 'didban-lab-oast-'));
  const server = await startOastServer({
    domain,
    ip,
    http: { host: ip, port: 80 },
    dns: { host: '127.0.0.1', port: 0 },
    dataDir,
  });
  const dnsPort = server.addresses.dns!.port;
  const [labDnsHost, labDnsPort] = lab.resolver.split(':') as [string, string];
  const apps = new Map<string, { info: OastApp; server: http.Server }>();

  /** Resolve as a recursive resolver would: the interaction domain is delegated to its server. */
  const resolve = (name: string): Promise<string | undefined> => {
    const lower = name.toLowerCase().replace(/\.$/, '');
    const delegated = lower === domain || lower.endsWith(`.${domain}`);
    return queryA(name, delegated ? '127.0.0.1' : labDnsHost, delegated ? dnsPort : Number(labDnsPort));
  };

  /** The app's outgoing fetch: loopback only, never the internet. */
  const fetchOut = async (app: OastApp, url: string, userAgent: string): Promise<void> => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return;
    }
    if (target.protocol !== 'http:') return;
    const address = /^\d+\.\d+\.\d+\.\d+$/.test(target.hostname)
      ? target.hostname
      : await resolve(target.hostname);
    if (!address?.startsWith('127.')) return;
    app.fetched.push(url);
    await new Promise<void>((done) => {
      const req = http.request(
        {
          host: address,
          port: Number(target.port || 80),
          path: `${target.pathname}${target.search}`,
          headers: { Host: target.host, 'User-Agent': userAgent, Accept: '*/*' },
          timeout: FETCH_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', done);
          res.on('error', () => done());
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => done());
      req.end();
    });
  };

  return {
    domain,
    serverUrl: `http://${ip}`,
    dnsAddress: `127.0.0.1:${dnsPort}`,
    workerArgs: ['--interactsh-url', `http://${ip}`, '--interactsh-domain', domain],
    server,
    async plant(name, weaknesses = OAST_WEAKNESSES) {
      const key = name.toLowerCase();
      const old = apps.get(key);
      if (old) {
        await close(old.server);
        apps.delete(key);
        await lab.control.removeHost(key);
      }
      const planted = await lab.control.addHost({ name: key, services: [] });
      const appIp = planted.ips[0];
      if (!appIp) throw new Error(`lab host ${key} got no address`);
      const info: OastApp = {
        name: key,
        ip: appIp,
        httpUrl: `http://${appIp}`,
        weaknesses: [...weaknesses],
        fetched: [],
      };
      const appServer = http.createServer((req, res) => {
        void handle(info, req, res, fetchOut);
      });
      appServer.keepAliveTimeout = 1000;
      await new Promise<void>((ok, fail) => {
        appServer.once('error', fail);
        appServer.listen({ host: appIp, port: 80, exclusive: true }, () => ok());
      });
      apps.set(key, { info, server: appServer });
      return info;
    },
    apps: () => [...apps.values()].map((a) => a.info),
    async stop() {
      for (const [key, app] of apps) {
        await close(app.server);
        await lab.control.removeHost(key).catch(() => false);
      }
      apps.clear();
      await server.close();
      await lab.control.removeHost(domain).catch(() => false);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type FetchOut = (app: OastApp, url: string, userAgent: string) => Promise<void>;

/**
 * The planted app. Its pages answer the same whether the callback worked or not (blind):
 * - blind SSRF, as Appwrite ≤ 1.2.1 (CVE-2023-27159): `GET /v1/avatars/favicon?url=` fetches the
 *   URL server-side with `User-Agent: Appwrite-Server`;
 * - blind XXE, as Sophos Mobile (CVE-2022-3980) `POST /servlets/OmaDsServlet` (answers 400 with no
 *   body) and Wanhu ezOFFICE's TeleConferenceService (answers a `<response><retcode>` XML): the
 *   XML parser resolves external entities, fetching each SYSTEM URL.
 */
async function handle(
  app: OastApp,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  fetchOut: FetchOut,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://app');
  const body = await readBody(req);
  const has = (w: OastWeakness) => app.weaknesses.includes(w);
  if (url.pathname === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title>Lab integration portal</title></head><body>Partner integrations</body></html>',
    );
    return;
  }
  if (has('blind-ssrf') && req.method === 'GET' && url.pathname === '/v1/avatars/favicon') {
    const target = url.searchParams.get('url');
    if (target) await fetchOut(app, target, 'Appwrite-Server');
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"message":"Favicon not found","code":404,"type":"avatar_icon_not_found"}');
    return;
  }
  if (has('blind-xxe') && req.method === 'POST' && url.pathname === '/servlets/OmaDsServlet') {
    for (const systemUrl of externalEntityUrls(body)) await fetchOut(app, systemUrl, 'Java/1.8.0_202');
    res.writeHead(400, { 'Content-Length': '0' });
    res.end();
    return;
  }
  if (has('blind-xxe') && req.method === 'POST' && url.pathname.endsWith('/TeleConferenceService')) {
    for (const systemUrl of externalEntityUrls(body)) await fetchOut(app, systemUrl, 'Java/1.8.0_202');
    res.writeHead(200, { 'Content-Type': 'text/xml;charset=UTF-8' });
    res.end('<?xml version="1.0" encoding="UTF-8"?><response><retcode>-1</retcode></response>');
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end('<html><body>Not found</body></html>');
}

/**
 * What a parser that resolves external entities fetches from a document: the SYSTEM URL of every
 * entity the document uses — a parameter entity referenced in the DTD (`%name;`) or a general
 * entity referenced in the content (`&name;`).
 */
export function externalEntityUrls(xml: string): string[] {
  const doctype = /<!DOCTYPE[^[]*\[([\s\S]*?)\]\s*>/i.exec(xml);
  if (!doctype) return [];
  const dtd = doctype[1] ?? '';
  const content = xml.slice(doctype.index + doctype[0].length);
  const urls: string[] = [];
  const declaration = /<!ENTITY\s+(%\s+)?([\w.-]+)\s+SYSTEM\s+(["'])(.*?)\3\s*>/gi;
  for (const m of dtd.matchAll(declaration)) {
    const [, percent, name, , systemUrl] = m;
    const used = percent ? dtd.includes(`%${name};`) : content.includes(`&${name};`);
    if (used && systemUrl) urls.push(systemUrl);
  }
  return urls;
}

/** An A lookup of `name` at a DNS server on loopback; the first address, or undefined. */
function queryA(name: string, host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => finish(undefined), FETCH_TIMEOUT_MS);
    const finish = (value: string | undefined) => {
      clearTimeout(timer);
      socket.close();
      resolve(value);
    };
    socket.on('error', () => finish(undefined));
    socket.on('message', (message) => {
      try {
        const answers = (dnsPacket.decode(message).answers ?? []) as { type: string; data?: unknown }[];
        const answer = answers.find((a) => a.type === 'A' && typeof a.data === 'string');
        finish(answer ? (answer.data as string) : undefined);
      } catch {
        finish(undefined);
      }
    });
    const id = Math.floor(Math.random() * 65_535);
    socket.send(
      dnsPacket.encode({
        type: 'query',
        id,
        flags: dnsPacket.RECURSION_DESIRED,
        questions: [{ type: 'A', name }],
      }),
      port,
      host,
    );
  });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= 64 * 1024) chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
