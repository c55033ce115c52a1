import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Interaction, InteractshClient } from '@didban/engine';
import * as dnsPacket from 'dns-packet';
import { createTransport } from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseOastConfig } from '../../src/oast/oast-config.js';
import { type OastServer, startOastServer } from '../../src/oast/oast-server.js';

const DOMAIN = 'oast.didban.test';
let dir: string;
let oast: OastServer;
const clients: InteractshClient[] = [];

async function start(extra: Partial<Parameters<typeof startOastServer>[0]> = {}) {
  oast = await startOastServer({
    domain: DOMAIN,
    ip: '127.0.0.1',
    http: { host: '127.0.0.1', port: 0 },
    dns: { host: '127.0.0.1', port: 0 },
    smtp: { host: '127.0.0.1', port: 0 },
    dataDir: dir,
    ...extra,
  });
  return `http://127.0.0.1:${oast.addresses.http!.port}`;
}

async function register(serverUrl: string, token?: string) {
  const client = await InteractshClient.register(
    { serverUrl, domain: DOMAIN, pollIntervalMs: 60_000, ...(token ? { token } : {}) },
    new AbortController().signal,
  );
  clients.push(client);
  return client;
}

/** An HTTP request to the listener with the interaction host as Host, as a target would send it. */
function hit(port: number, host: string, path = '/', body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: body ? 'POST' : 'GET', headers: { Host: host } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function dnsQuery(port: number, name: string, type: dnsPacket.RecordType = 'A'): Promise<dnsPacket.Packet> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.on('message', (m) => {
      socket.close();
      resolve(dnsPacket.decode(m));
    });
    socket.on('error', reject);
    socket.send(
      dnsPacket.encode({
        type: 'query',
        id: 7,
        flags: dnsPacket.RECURSION_DESIRED,
        questions: [{ type, name }],
      }),
      port,
      '127.0.0.1',
    );
  });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'didban-oast-'));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await oast?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the interaction server with the engine’s interactsh client', () => {
  it('reports an HTTP callback to the client that made the URL, decrypted, with the raw request', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    expect(host).toMatch(/^[a-z0-9]{33}\.oast\.didban\.test$/);

    const page = await hit(oast.addresses.http!.port, host, '/ssrf?x=1', 'secret=42');
    expect(page.status).toBe(200);
    // interactsh reflects the id reversed in its page.
    expect(page.body).toBe(
      `<html><head></head><body>${[...host.split('.')[0]!].reverse().join('')}</body></html>`,
    );

    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      protocol: 'http',
      uniqueId: host.split('.')[0],
      fullId: host.split('.')[0],
      remoteAddress: '127.0.0.1',
    });
    expect(got[0]!.rawRequest).toContain('POST /ssrf?x=1 HTTP/1.1\r\n');
    expect(got[0]!.rawRequest).toContain(`Host: ${host}\r\n`);
    expect(got[0]!.rawRequest.endsWith('\r\n\r\nsecret=42')).toBe(true);

    // A poll takes the interactions: the next one is empty.
    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(1);
  });

  it('reports an HTTPS callback too, on the operator’s certificate for *.<domain>', async () => {
    // A certificate for the domain and its subdomains, as an operator would install (openssl).
    const cert = join(dir, 'oast.crt');
    const key = join(dir, 'oast.key');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${DOMAIN}`,
        '-addext',
        `subjectAltName=DNS:${DOMAIN},DNS:*.${DOMAIN}`,
      ],
      { stdio: 'ignore', input: '' },
    );
    const tls = { cert: await readFile(cert), key: await readFile(key) };
    const serverUrl = await start({ https: { host: '127.0.0.1', port: 0 }, tls });
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    const page = await new Promise<{ status: number; body: string; cert: string }>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: oast.addresses.https!.port,
          path: '/blind-ssrf',
          servername: host,
          agent: false,
          headers: { Host: host },
          ca: tls.cert,
          checkServerIdentity: () => undefined,
        },
        (res) => {
          // The peer certificate is read while the socket is the response's (it is let go at the end).
          const fingerprint = (res.socket as import('node:tls').TLSSocket).getPeerCertificate()
            .fingerprint256;
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cert: fingerprint }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(page.status).toBe(200);
    expect(page.body).toBe(
      `<html><head></head><body>${[...host.split('.')[0]!].reverse().join('')}</body></html>`,
    );
    expect(page.cert).toBe(new (await import('node:crypto')).X509Certificate(tls.cert).fingerprint256);
    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      protocol: 'http',
      uniqueId: host.split('.')[0],
      remoteAddress: '127.0.0.1',
    });
    expect(got[0]!.rawRequest).toContain('GET /blind-ssrf HTTP/1.1\r\n');
  });

  it('asks for the certificate and key with DIDBAN_OAST_HTTPS, naming what is missing or unreadable', () => {
    const base = {
      DIDBAN_OAST_DOMAIN: DOMAIN,
      DIDBAN_OAST_HTTP: '127.0.0.1:0',
      DIDBAN_OAST_HTTPS: '127.0.0.1:0',
    };
    expect(() => parseOastConfig(base, dir)).toThrow(
      '  DIDBAN_OAST_TLS_CERT: required with DIDBAN_OAST_HTTPS (PEM file of the certificate for the domain and *.<domain>, and its key)',
    );
    expect(() =>
      parseOastConfig(
        { ...base, DIDBAN_OAST_TLS_CERT: join(dir, 'none.crt'), DIDBAN_OAST_TLS_KEY: 'x' },
        dir,
      ),
    ).toThrow(`  DIDBAN_OAST_TLS_CERT: cannot read ${join(dir, 'none.crt')} (ENOENT)`);
    // Without HTTPS the two are not needed, and no HTTPS listener is configured.
    const plain = parseOastConfig({ DIDBAN_OAST_DOMAIN: DOMAIN, DIDBAN_OAST_HTTP: '127.0.0.1:0' }, dir);
    expect(plain.server?.https).toBeUndefined();
  });

  it('records DNS lookups under the domain (any letter case) and answers them with its address', async () => {
    await start()
      .then(register)
      .then(async (client) => {
        const got: Interaction[] = [];
        const host = client.newUrl((i) => got.push(i));
        // A resolver that randomises case (0x20) still reaches the same id.
        const mixed = host.replace(/[a-z]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));
        const answer = await dnsQuery(oast.addresses.dns!.port, `data.${mixed}`);
        expect(answer.answers?.[0]).toMatchObject({ type: 'A', data: '127.0.0.1' });
        expect(answer.flags! & dnsPacket.AUTHORITATIVE_ANSWER).toBeTruthy();

        await client.pollOnce(new AbortController().signal);
        expect(got).toHaveLength(1);
        expect(got[0]!.protocol).toBe('dns');
        expect(got[0]!.uniqueId).toBe(host.split('.')[0]);
        expect(got[0]!.rawRequest).toContain(`;; QUESTION SECTION:\n;data.${mixed}.\tIN\t A`);
      });
  });

  it('refuses names outside its domain and records nothing for unknown ids', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    client.newUrl((i) => got.push(i));
    const refused = await dnsQuery(oast.addresses.dns!.port, 'example.com');
    expect((refused as { rcode?: string }).rcode).toBe('REFUSED');
    await dnsQuery(oast.addresses.dns!.port, `${'a'.repeat(33)}.${DOMAIN}`);
    await hit(oast.addresses.http!.port, `${'b'.repeat(33)}.${DOMAIN}`);
    await client.pollOnce(new AbortController().signal);
    expect(got).toEqual([]);
    expect(oast.store.stored).toBe(0);
  });

  it('records mail to an address at the interaction host with its envelope sender', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    await createTransport({
      host: '127.0.0.1',
      port: oast.addresses.smtp!.port,
      secure: false,
      ignoreTLS: true,
    }).sendMail({
      from: 'app@victim.test',
      to: `reset@${host}`,
      subject: 'password reset',
      text: 'token=abc',
    });
    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(1);
    expect(got[0]!.protocol).toBe('smtp');
    expect(got[0]!.rawRequest).toContain('Subject: password reset');
    expect(got[0]!.rawRequest).toContain('token=abc');
  });

  it('keeps interactions on disk encrypted, not in clear', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const host = client.newUrl(() => {});
    await hit(oast.addresses.http!.port, host, '/marker-in-clear');
    await new Promise((r) => setTimeout(r, 50));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const text = await readFile(join(dir, files[0]!), 'utf8');
    expect(text).not.toContain('marker-in-clear');
    expect(text.trim()).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});

describe('the API as interactsh answers it', () => {
  it('asks for the token on register, poll and deregister when one is set', async () => {
    const serverUrl = await start({ token: 's3cret-token' });
    await expect(register(serverUrl)).rejects.toThrow('interactsh registration failed: HTTP 401');
    const poll = await fetch(`${serverUrl}/poll?id=x&secret=y`);
    expect(poll.status).toBe(401);
    const client = await register(serverUrl, 's3cret-token');
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    await hit(oast.addresses.http!.port, host);
    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(1);
  });

  it('answers a wrong secret and an unknown id with 400 and interactsh’s messages', async () => {
    const serverUrl = await start();
    const unknown = await fetch(`${serverUrl}/poll?id=abcdefghijabcdefghij&secret=x`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: 'could not get interactions: could not get correlation-id from cache',
    });
    const client = await register(serverUrl);
    const id = (client as unknown as { correlationId: string }).correlationId;
    const wrong = await fetch(`${serverUrl}/poll?id=${id}&secret=wrong`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'could not get interactions: invalid secret key passed for user',
    });
    const noSecret = await fetch(`${serverUrl}/poll?id=${id}`);
    expect(await noSecret.json()).toEqual({ error: 'no secret specified for poll' });
    const badKey = await fetch(`${serverUrl}/register`, {
      method: 'POST',
      body: JSON.stringify({
        'public-key': 'bm90IGEga2V5',
        'secret-key': 's',
        'correlation-id': 'abcdefghijabcdefghij',
      }),
    });
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as { error: string }).error).toMatch(
      /^could not set id and public key: could not read public Key/,
    );
  });

  it('forgets a session on deregister: its id no longer collects anything', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const host = client.newUrl(() => {});
    const { correlationId, secret } = client as unknown as { correlationId: string; secret: string };
    const wrong = await fetch(`${serverUrl}/deregister`, {
      method: 'POST',
      body: JSON.stringify({ 'correlation-id': correlationId, 'secret-key': 'wrong' }),
    });
    expect(wrong.status).toBe(400);
    expect(oast.store.size).toBe(1);
    const gone = await fetch(`${serverUrl}/deregister`, {
      method: 'POST',
      body: JSON.stringify({ 'correlation-id': correlationId, 'secret-key': secret }),
    });
    expect(await gone.json()).toEqual({ message: 'deregistration successful' });
    expect(oast.store.size).toBe(0);
    await hit(oast.addresses.http!.port, host);
    expect(oast.store.stored).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('bounds', () => {
  it('evicts a session nobody polls within its time, with its interactions', async () => {
    const serverUrl = await start({ sessionTtlSeconds: 0.3 });
    const client = await register(serverUrl);
    const host = client.newUrl(() => {});
    await hit(oast.addresses.http!.port, host);
    await new Promise((r) => setTimeout(r, 400));
    // Expired at once for the API; the sweep (every TTL) removes it and its file soon after.
    const poll = await fetch(`${serverUrl}/poll?id=${host.slice(0, 20)}&secret=x`);
    expect(poll.status).toBe(400);
    await new Promise((r) => setTimeout(r, 500));
    expect(oast.store.size).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('holds at most maxSessions sessions, dropping the least recently polled', async () => {
    const serverUrl = await start({ maxSessions: 2 });
    await register(serverUrl);
    await register(serverUrl);
    await register(serverUrl);
    expect(oast.store.size).toBe(2);
  });

  it('drops interactions past a session’s byte cap until the client polls', async () => {
    const serverUrl = await start({ maxSessionBytes: 2000 });
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    for (let i = 0; i < 10; i++) await hit(oast.addresses.http!.port, host, `/${i}`);
    await client.pollOnce(new AbortController().signal);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(10);
    expect(oast.store.dropped).toBe(10 - got.length);
    expect(oast.store.bytesOnDisk).toBe(0);
  });

  it('streams a poll of 2,000 interactions in one answer, all decrypted in order, then an empty poll answers null', async () => {
    const serverUrl = await start();
    const client = await register(serverUrl);
    const got: Interaction[] = [];
    const host = client.newUrl((i) => got.push(i));
    for (let i = 0; i < 2000; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => hit(oast.addresses.http!.port, host, `/${i + k}`)),
      );
    await expect.poll(() => oast.store.stored, { timeout: 20_000 }).toBe(2000);
    await client.pollOnce(new AbortController().signal);
    expect(got).toHaveLength(2000);
    expect(new Set(got.map((i) => /^GET \/(\d+) /.exec(i.rawRequest)?.[1])).size).toBe(2000);
    expect(oast.store.bytesOnDisk).toBe(0);
    // What interactsh answers with nothing waiting (Go's nil slice), read off the wire.
    const wire = await new Promise<string>((resolve, reject) => {
      const { correlationId, secret } = client as unknown as { correlationId: string; secret: string };
      request(`${serverUrl}/poll?id=${correlationId}&secret=${secret}`, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(wire)).toEqual({ data: null, extra: null, aes_key: expect.any(String) });
  });
});
