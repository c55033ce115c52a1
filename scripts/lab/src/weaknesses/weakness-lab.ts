/**
 * Plants and fixes the public library's weaknesses on lab web sites, so a test (or a later issue's
 * scan-fix-rescan flow) can check that each template finds its weakness and goes quiet once fixed.
 *
 * A weak site is a lab host (its own 127.x address and DNS name) running this add-on's site on
 * port 80 (HTTP) and 443 (HTTPS with a certificate from the lab CA). HTTP weaknesses change the
 * site's answers at once; TLS weaknesses restart the HTTPS side with a flawed certificate or
 * protocol set.
 *
 * @example
 * const site = await lab.weaknesses.plant('w1.lab.didban.test', 'git-config-exposure');
 * // scan site.httpUrl, expect one git-config-exposure finding
 * await lab.weaknesses.fix('w1.lab.didban.test', 'git-config-exposure');
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { LabControl } from '../lab.js';
import { WEAKNESSES } from './catalog.js';
import { type KeyPair, makeLabCa, makeLeaf, needsRsa, tlsOptionsFor } from './certificates.js';
import type { CleanMode, TlsFlaw } from './types.js';
import { WeakSite } from './weak-site.js';

export interface WeakSiteInfo {
  name: string;
  ip: string;
  mode: CleanMode;
  /** Weakness ids planted, in planting order. */
  weaknesses: string[];
  /** Target for HTTP templates. */
  httpUrl: string;
  /** Target for ssl templates (`ip:443`). */
  tlsAddress: string;
}

interface Running {
  info: WeakSiteInfo;
  site: WeakSite;
  http: net.Server;
  https: net.Server;
  flaw?: TlsFlaw;
  leaves: Map<string, KeyPair>;
}

function listen(server: net.Server, ip: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: ip, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    (server as http.Server).closeAllConnections?.();
    server.close(() => resolve());
  });
}

export class WeaknessLab {
  private readonly sites = new Map<string, Running>();
  private readonly cas: Partial<Record<'ec' | 'rsa', Promise<KeyPair>>> = {};

  constructor(private readonly control: LabControl) {}

  /** Ids of every weakness this add-on can plant (one per public-library template). */
  catalog(): string[] {
    return Object.keys(WEAKNESSES).sort();
  }

  list(): WeakSiteInfo[] {
    return [...this.sites.values()].map((s) => ({ ...s.info, weaknesses: [...s.info.weaknesses] }));
  }

  /** Starts a clean weak site on a new lab host (replacing any host of that name). */
  async addSite(name: string, mode: CleanMode = 'plain'): Promise<WeakSiteInfo> {
    const key = name.toLowerCase();
    if (this.sites.has(key)) await this.removeSite(key);
    const host = await this.control.addHost({ name: key, services: [] });
    const ip = host.ips[0];
    if (!ip) throw new Error(`lab host ${key} got no address`);
    const site = new WeakSite(mode);
    const httpServer = http.createServer(site.handle);
    httpServer.keepAliveTimeout = 1000;
    await listen(httpServer, ip, 80);
    const running: Running = {
      info: { name: key, ip, mode, weaknesses: [], httpUrl: `http://${ip}`, tlsAddress: `${ip}:443` },
      site,
      http: httpServer,
      https: httpServer,
      leaves: new Map(),
    };
    running.https = await this.startHttps(running, undefined);
    this.sites.set(key, running);
    return { ...running.info, weaknesses: [] };
  }

  /** Plants a weakness (creating a plain site for the host when there is none). Idempotent. */
  async plant(name: string, weaknessId: string): Promise<WeakSiteInfo> {
    const weakness = WEAKNESSES[weaknessId];
    if (!weakness) throw new Error(`unknown weakness ${weaknessId}`);
    const key = name.toLowerCase();
    if (!this.sites.has(key)) await this.addSite(key);
    const running = this.sites.get(key)!;
    if (weakness.protocol === 'http') running.site.planted.set(weaknessId, weakness);
    else await this.restartHttps(running, weakness.flaw);
    if (!running.info.weaknesses.includes(weaknessId)) running.info.weaknesses.push(weaknessId);
    return { ...running.info, weaknesses: [...running.info.weaknesses] };
  }

  /** Removes a planted weakness; the site answers cleanly again. Returns false if it was not planted. */
  async fix(name: string, weaknessId: string): Promise<boolean> {
    const running = this.sites.get(name.toLowerCase());
    if (!running?.info.weaknesses.includes(weaknessId)) return false;
    running.info.weaknesses = running.info.weaknesses.filter((w) => w !== weaknessId);
    const weakness = WEAKNESSES[weaknessId];
    if (weakness?.protocol === 'http') running.site.planted.delete(weaknessId);
    else {
      const flaw = running.info.weaknesses.map((w) => WEAKNESSES[w]).find((w) => w?.protocol === 'ssl');
      await this.restartHttps(running, flaw?.protocol === 'ssl' ? flaw.flaw : undefined);
    }
    return true;
  }

  async removeSite(name: string): Promise<boolean> {
    const key = name.toLowerCase();
    const running = this.sites.get(key);
    if (!running) return false;
    this.sites.delete(key);
    await Promise.all([closeServer(running.http), closeServer(running.https)]);
    await this.control.removeHost(key);
    return true;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sites.keys()].map((name) => this.removeSite(name)));
  }

  /**
   * Control API routes (registered by the lab's control server):
   *
   *   GET    /weaknesses                         { catalog, sites }
   *   POST   /weaknesses/sites                   { name, mode?: 'plain'|'soft-404'|'all-404' }
   *   DELETE /weaknesses/sites/{name}
   *   POST   /weaknesses/sites/{name}/{weakness} plant
   *   DELETE /weaknesses/sites/{name}/{weakness} fix
   *
   * Returns false when the path is not one of these.
   */
  readonly handleControl = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    parts: string[],
  ): Promise<boolean> => {
    if (parts[0] !== 'weaknesses') return false;
    const reply = (status: number, body: unknown) => {
      const text = JSON.stringify(body, null, 2);
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
      return true;
    };
    const [, sub, name, weakness] = parts;
    if (req.method === 'GET' && !sub) return reply(200, { catalog: this.catalog(), sites: this.list() });
    if (sub !== 'sites') return false;
    if (req.method === 'POST' && !name) {
      const body = (await readJson(req)) as { name?: string; mode?: CleanMode };
      if (!body.name) return reply(400, { message: 'name is required' });
      return reply(201, await this.addSite(body.name, body.mode ?? 'plain'));
    }
    if (req.method === 'DELETE' && name && !weakness) {
      return (await this.removeSite(name))
        ? reply(200, { removed: name })
        : reply(404, { message: 'no such site' });
    }
    if (req.method === 'POST' && name && weakness) {
      if (!WEAKNESSES[weakness]) return reply(404, { message: `unknown weakness ${weakness}` });
      return reply(201, await this.plant(name, weakness));
    }
    if (req.method === 'DELETE' && name && weakness) {
      return (await this.fix(name, weakness))
        ? reply(200, { fixed: weakness })
        : reply(404, { message: 'weakness not planted there' });
    }
    return false;
  };

  private async startHttps(running: Running, flaw: TlsFlaw | undefined): Promise<net.Server> {
    const keyType = needsRsa(flaw) ? 'rsa' : 'ec';
    this.cas[keyType] ??= makeLabCa(keyType);
    const ca = await this.cas[keyType]!;
    const leafKey = needsRsa(flaw) ? 'rsa' : (flaw ?? 'clean');
    let leaf = running.leaves.get(leafKey);
    if (!leaf) {
      leaf = await makeLeaf(ca, running.info.name, running.info.ip, flaw);
      running.leaves.set(leafKey, leaf);
    }
    const server = https.createServer(
      {
        key: leaf.key,
        cert: flaw === 'self-signed' ? leaf.cert : `${leaf.cert.trimEnd()}\n${ca.cert}`,
        ...tlsOptionsFor(flaw),
      },
      running.site.handle,
    );
    server.keepAliveTimeout = 1000;
    server.on('tlsClientError', () => {});
    await listen(server, running.info.ip, 443);
    running.flaw = flaw;
    return server;
  }

  private async restartHttps(running: Running, flaw: TlsFlaw | undefined): Promise<void> {
    if (running.flaw === flaw) return;
    await closeServer(running.https);
    running.https = await this.startHttps(running, flaw);
  }
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}
