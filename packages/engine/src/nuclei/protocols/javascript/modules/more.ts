import { readdir, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Client as LdapClient } from 'ldapts';
import { Client as SshClient } from 'ssh2';
import { onAbort } from '../../../util/abort-registry.js';
import { toBuffer } from './bytes-util.js';
import { dial, exchange, Inbox, keep, type ModuleContext, portOf } from './context.js';
import type { HostModule } from './types.js';

// ---------- nuclei/ssh ----------

function nameList(b: Buffer, at: { o: number }): string[] {
  const len = b.readUInt32BE(at.o);
  const text = b.subarray(at.o + 4, at.o + 4 + len).toString('latin1');
  at.o += 4 + len;
  return text ? text.split(',') : [];
}

/** Server identification and its KEXINIT, read before any key exchange (zgrab's "info mode"). */
async function sshInfo(ctx: ModuleContext, host: unknown, port: unknown) {
  const socket = await dial(ctx, String(host), portOf(port));
  try {
    const inbox = new Inbox(socket);
    socket.write('SSH-2.0-Go\r\n');
    let buf = Buffer.alloc(0);
    let ident = '';
    let banner = '';
    while (!ident) {
      buf = Buffer.concat([buf, await inbox.read(4096, false, ctx.timeoutMs, ctx.signal)]);
      let nl = buf.indexOf(0x0a);
      while (nl >= 0 && !ident) {
        const line = buf.subarray(0, nl).toString('latin1').replace(/\r$/, '');
        buf = buf.subarray(nl + 1);
        if (line.startsWith('SSH-')) ident = line;
        else banner += `${line}\n`;
        nl = buf.indexOf(0x0a);
      }
    }
    while (buf.length < 5 || buf.length < 4 + buf.readUInt32BE(0))
      buf = Buffer.concat([buf, await inbox.read(65536, false, ctx.timeoutMs, ctx.signal)]);
    const len = buf.readUInt32BE(0);
    const payload = buf.subarray(5, 4 + len - buf[4]!);
    if (payload[0] !== 20) throw new Error('ssh: the server sent no key exchange init');
    const at = { o: 17 };
    const lists = Array.from({ length: 10 }, () => nameList(payload, at));
    const m = /^SSH-([^-]+)-(\S+)(?:\s+(.*))?$/.exec(ident);
    return {
      Banner: banner,
      ServerID: {
        Raw: ident,
        ProtoVersion: m?.[1] ?? '',
        SoftwareVersion: m?.[2] ?? '',
        Comment: m?.[3] ?? '',
      },
      ClientID: { Raw: 'SSH-2.0-Go', ProtoVersion: '2.0', SoftwareVersion: 'Go', Comment: '' },
      ServerKex: {
        KexAlgos: lists[0],
        ServerHostKeyAlgos: lists[1],
        CiphersClientServer: lists[2],
        CiphersServerClient: lists[3],
        MACsClientServer: lists[4],
        MACsServerClient: lists[5],
        CompressionClientServer: lists[6],
        CompressionServerClient: lists[7],
        LanguagesClientServer: lists[8],
        LanguagesServerClient: lists[9],
        FirstKexFollows: payload[at.o] === 1,
        Reserved: payload.readUInt32BE(at.o + 1),
        // zcrypto's KexInitMsg marshals itself with these names (what templates match as text).
        __json: {
          cookie: payload.subarray(1, 17).toString('base64'),
          kex_algorithms: lists[0],
          host_key_algorithms: lists[1],
          client_to_server_ciphers: lists[2],
          server_to_client_ciphers: lists[3],
          client_to_server_macs: lists[4],
          server_to_client_macs: lists[5],
          client_to_server_compression: lists[6],
          server_to_client_compression: lists[7],
          client_to_server_languages: lists[8],
          server_to_client_languages: lists[9],
          first_kex_follows: payload[at.o] === 1,
          reserved: payload.readUInt32BE(at.o + 1),
        },
      },
      UserAuth: await sshAuthMethods(ctx, host, port),
    };
  } finally {
    socket.destroy();
  }
}

/** The methods the server offers after a `none` authentication (ssh2's authHandler). */
function sshAuthMethods(ctx: ModuleContext, host: unknown, port: unknown): Promise<string[]> {
  return new Promise((resolveMethods) => {
    const client = new SshClient();
    let methods: string[] = [];
    const done = () => {
      client.end();
      resolveMethods(methods);
    };
    client.on('error', done);
    client.on('close', done);
    client.on('ready', done);
    client.connect({
      host: String(host),
      port: portOf(port),
      username: 'root',
      readyTimeout: ctx.timeoutMs,
      authHandler: (left: string[] | null, _partial: boolean, next: (m: unknown) => void) => {
        if (left === null) return next({ type: 'none', username: 'root' } as never);
        methods = [...(left ?? [])];
        done();
        return undefined as never;
      },
    } as never);
  });
}

function sshLogin(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  user: unknown,
  secret: { password?: string; privateKey?: string },
) {
  return new Promise<boolean>((ok, fail) => {
    const client = new SshClient();
    const stop = () => client.end();
    const unregister = onAbort(ctx.signal, stop);
    client.on('ready', () => {
      unregister();
      client.end();
      ok(true);
    });
    client.on('error', (e) => {
      unregister();
      fail(new Error(`ssh: ${e.message}`));
    });
    client.connect({
      host: String(host),
      port: portOf(port),
      username: String(user ?? ''),
      readyTimeout: ctx.timeoutMs,
      tryKeyboard: false,
      ...secret,
    });
  });
}

export const sshModule: HostModule = {
  name: 'ssh',
  functions: {
    ConnectSSHInfoMode: (ctx, h, p) => sshInfo(ctx, h, p),
    Connect: (ctx, h, p, u, pw) => sshLogin(ctx, h, p, u, { password: String(pw ?? '') }),
    ConnectWithKey: (ctx, h, p, u, key) => sshLogin(ctx, h, p, u, { privateKey: String(key ?? '') }),
  },
  guest: `
    function SSHClient() {
      if (!(this instanceof SSHClient)) return new SSHClient();
    }
    SSHClient.prototype.SetTimeout = function () {};
    SSHClient.prototype.Close = function () { return true; };
    SSHClient.prototype.Connect = function (h, p, u, pw) { return __host('ssh', 'Connect', h, p, u, pw); };
    SSHClient.prototype.ConnectWithKey = function (h, p, u, k) { return __host('ssh', 'ConnectWithKey', h, p, u, k); };
    SSHClient.prototype.ConnectSSHInfoMode = function (h, p) {
      const r = __host('ssh', 'ConnectSSHInfoMode', h, p);
      const kexJson = r.ServerKex.__json;
      delete r.ServerKex.__json;
      Object.defineProperty(r.ServerKex, 'toJSON', { value: () => kexJson });
      r.ServerID = __struct(r.ServerID); r.ClientID = __struct(r.ClientID);
      return __struct(r);
    };
    return { SSHClient };
  `,
  api: ['SSHClient', 'SetTimeout', 'Close', 'Connect', 'ConnectWithKey', 'ConnectSSHInfoMode'],
};

// ---------- nuclei/ldap ----------

interface LdapHandle {
  client: LdapClient;
  realm: string;
  baseDN: string;
  close(): void;
}

async function ldapOpen(ctx: ModuleContext, url: unknown, realm: unknown, cfg: unknown): Promise<number> {
  if (typeof url !== 'string' || !url) throw new Error('ldap url cannot be empty');
  // nuclei reads the realm as a string argument: a number (a port) is no realm.
  if (typeof realm !== 'string' || !realm) throw new Error('realm cannot be empty');
  const u = new URL(url.includes('://') ? url : `ldap://${url}`);
  if (!['ldap:', 'ldaps:'].includes(u.protocol))
    throw new Error(`unsupported ldap url schema ${u.protocol.slice(0, -1)}`);
  const client = new LdapClient({
    url: `${u.protocol}//${u.host}`,
    timeout: ctx.timeoutMs,
    connectTimeout: ctx.timeoutMs,
    // ldapts speaks TLS from the first byte whenever tlsOptions is set: only for ldaps://.
    ...(u.protocol === 'ldaps:' ? { tlsOptions: { rejectUnauthorized: false } } : {}),
  });
  const upgrade = (cfg as { Upgrade?: boolean } | null)?.Upgrade === true;
  if (upgrade && u.protocol === 'ldap:') await client.startTLS({ rejectUnauthorized: false });
  const h: LdapHandle = {
    client,
    realm,
    baseDN: `dc=${realm.split('.').join(',dc=')}`,
    close: () => void client.unbind().catch(() => {}),
  };
  return keep(ctx, h);
}

function ldapHandle(ctx: ModuleContext, id: unknown): LdapHandle {
  const h = ctx.handles.get(Number(id)) as LdapHandle | undefined;
  if (!h || !('client' in h)) throw new Error('no existing connection');
  return h;
}

export const ldapModule: HostModule = {
  name: 'ldap',
  functions: {
    Client: (ctx, url, realm, cfg) => ldapOpen(ctx, url, realm, cfg),
    Authenticate: async (ctx, id, user, password) => {
      await ldapHandle(ctx, id).client.bind(String(user ?? ''), String(password ?? ''));
      return true;
    },
    CollectMetadata: async (ctx, id) => {
      const h = ldapHandle(ctx, id);
      const attrs = [
        'defaultNamingContext',
        'domainFunctionality',
        'forestFunctionality',
        'domainControllerFunctionality',
        'dnsHostName',
      ];
      const { searchEntries } = await h.client.search('', {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: attrs,
      });
      const e = (searchEntries[0] ?? {}) as Record<string, unknown>;
      const one = (k: string) => {
        const v = e[k];
        return Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v);
      };
      return {
        BaseDN: h.baseDN,
        Domain: h.realm,
        DefaultNamingContext: one('defaultNamingContext'),
        DomainFunctionality: one('domainFunctionality'),
        ForestFunctionality: one('forestFunctionality'),
        DomainControllerFunctionality: one('domainControllerFunctionality'),
        DnsHostName: one('dnsHostName'),
      };
    },
    Close: (ctx, id) => {
      ldapHandle(ctx, id).close();
      return null;
    },
  },
  guest: `
    function Config() { if (!(this instanceof Config)) return new Config(); this.Timeout = 0; this.ServerName = ''; this.Upgrade = false; }
    function Client(url, realm, cfg) {
      if (!(this instanceof Client)) return new Client(url, realm, cfg);
      Object.defineProperty(this, '__id', { value: __host('ldap', 'Client', url, realm, cfg ? { ...cfg } : null) });
    }
    Client.prototype.Authenticate = function (u, p) { return __host('ldap', 'Authenticate', this.__id, u, p); };
    Client.prototype.CollectMetadata = function () { return __struct(__host('ldap', 'CollectMetadata', this.__id)); };
    Client.prototype.Close = function () { __host('ldap', 'Close', this.__id); };
    return { Client, Config };
  `,
  api: ['Client', 'Config', 'Authenticate', 'CollectMetadata', 'Close'],
};

// ---------- nuclei/rsync, nuclei/rdp ----------

export const rsyncModule: HostModule = {
  name: 'rsync',
  functions: {
    IsRsync: async (ctx, h, p) => {
      const banner = (await exchange(ctx, String(h), portOf(p), undefined)).toString('latin1');
      const m = /^@RSYNCD:\s*([\d.]+)/.exec(banner);
      if (!m) return { IsRsync: false, Banner: '' };
      return { IsRsync: true, Banner: m[1] };
    },
  },
  guest: `return { IsRsync: (h, p) => __struct(__host('rsync', 'IsRsync', h, p)) };`,
  api: ['IsRsync'],
};

export const rdpModule: HostModule = {
  name: 'rdp',
  functions: {
    IsRDP: async (ctx, h, p) => {
      // TPKT + X.224 Connection Request + RDP negotiation request (TLS | CredSSP).
      const packet = Buffer.from('030000130ee000000000000100080003000000', 'hex');
      const reply = await exchange(ctx, String(h), portOf(p), packet);
      // TPKT version 3, then an X.224 Connection Confirm (0xd0).
      const isRdp = reply.length >= 7 && reply[0] === 3 && reply[1] === 0 && (reply[5]! & 0xf0) === 0xd0;
      return { IsRDP: isRdp, OS: '' };
    },
  },
  guest: `return { IsRDP: (h, p) => __struct(__host('rdp', 'IsRDP', h, p)) };`,
  api: ['IsRDP'],
};

// ---------- nuclei/fs (confined to the templates folder) ----------

async function confined(ctx: ModuleContext, path: unknown): Promise<string> {
  if (!ctx.templatesDir) throw new Error('nuclei/fs: no templates folder to read from');
  const root = await realpath(ctx.templatesDir);
  const wanted = String(path ?? '');
  const full = await realpath(isAbsolute(wanted) ? wanted : resolve(root, wanted)).catch(() => {
    throw new Error(`nuclei/fs: ${wanted}: no such file or directory`);
  });
  const rel = relative(root, full);
  if (rel.startsWith('..') || isAbsolute(rel))
    throw new Error(`nuclei/fs: ${wanted} is outside the templates folder`);
  return full;
}

export const fsModule: HostModule = {
  name: 'fs',
  functions: {
    ListDir: async (ctx, path, itemType) => {
      const dir = await confined(ctx, path);
      const entries = await readdir(dir, { withFileTypes: true });
      const kind = String(itemType ?? 'all');
      return entries
        .filter((e) => (kind === 'file' ? e.isFile() : kind === 'dir' ? e.isDirectory() : true))
        .map((e) => e.name);
    },
    ReadFile: async (ctx, path) => (await readFile(await confined(ctx, path))).toString('latin1'),
    ReadFilesFromDir: async (ctx, path) => {
      const dir = await confined(ctx, path);
      const entries = await readdir(dir, { withFileTypes: true });
      const out: string[] = [];
      for (const e of entries)
        if (e.isFile()) out.push((await readFile(join(dir, e.name))).toString('latin1'));
      return out;
    },
  },
  guest: `
    return {
      ListDir: (p, t) => __host('fs', 'ListDir', p, t || 'all'),
      ReadFile: (p) => __bytesOut(__host('fs', 'ReadFile', p)),
      ReadFileAsString: (p) => __host('fs', 'ReadFile', p),
      ReadFilesFromDir: (p) => __host('fs', 'ReadFilesFromDir', p),
    };
  `,
  api: ['ListDir', 'ReadFile', 'ReadFileAsString', 'ReadFilesFromDir'],
};

// ---------- nuclei/bytes ----------

export const bytesModule: HostModule = {
  name: 'bytes',
  functions: {
    Hexdump: (_ctx, data) => import('./bytes-util.js').then((m) => m.hexDump(toBuffer(data))),
  },
  guest: `
    function Buffer() {
      if (!(this instanceof Buffer)) return new Buffer();
      Object.defineProperty(this, '__b', { value: [], writable: true });
    }
    Buffer.prototype.Write = function (d) { for (const c of __bytesOut(__bytesIn(d))) this.__b.push(c); return this; };
    Buffer.prototype.WriteString = function (s) { for (const c of __bytesOut(__bytesIn(String(s)))) this.__b.push(c); return this; };
    Buffer.prototype.Bytes = function () { return this.__b.slice(); };
    Buffer.prototype.String = function () { return __bytesIn(this.__b); };
    Buffer.prototype.Len = function () { return this.__b.length; };
    Buffer.prototype.Hex = function () { return this.__b.map((c) => (c < 16 ? '0' : '') + c.toString(16)).join(''); };
    Buffer.prototype.Hexdump = function () { return __host('bytes', 'Hexdump', this.__b); };
    Buffer.prototype.Pack = function (fmt, v) {
      if (Array.isArray(v)) { for (const x of v) this.Pack(fmt, x); return; }
      const n = Number(v); const f = String(fmt);
      const size = /[bB?]/.test(f) ? 1 : /[hH]/.test(f) ? 2 : /[qQ]/.test(f) ? 8 : 4;
      const little = f[0] !== '>' && f[0] !== '!';
      const out = [];
      for (let i = 0; i < size; i++) out.push(Number((BigInt.asUintN(64, BigInt(Math.trunc(n))) >> BigInt(8 * i)) & 0xffn));
      for (const c of little ? out : out.reverse()) this.__b.push(c);
    };
    return { Buffer, NewBuffer: (d) => { const b = new Buffer(); if (d !== undefined) b.Write(d); return b; } };
  `,
  api: ['Buffer', 'NewBuffer', 'Write', 'WriteString', 'Bytes', 'String', 'Len', 'Hex', 'Hexdump', 'Pack'],
};
