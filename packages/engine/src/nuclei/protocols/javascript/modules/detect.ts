import { dial, exchange, Inbox, type ModuleContext, portOf } from './context.js';
import type { HostModule } from './types.js';

/** A TDS PRELOGIN request (MS-TDS 2.2.6.5): version, encryption, instance, thread id, MARS. */
function prelogin(): Buffer {
  const options = Buffer.from([
    0x00,
    0x00,
    0x1a,
    0x00,
    0x06, // VERSION at 26, 6 bytes
    0x01,
    0x00,
    0x20,
    0x00,
    0x01, // ENCRYPTION at 32, 1 byte
    0x02,
    0x00,
    0x21,
    0x00,
    0x01, // INSTOPT at 33, 1 byte
    0x03,
    0x00,
    0x22,
    0x00,
    0x04, // THREADID at 34, 4 bytes
    0x04,
    0x00,
    0x26,
    0x00,
    0x01, // MARS at 38, 1 byte
    0xff,
    0x0f,
    0x00,
    0x07,
    0xd0,
    0x00,
    0x00, // version 15.0.2000.0
    0x02, // encryption not supported
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const head = Buffer.from([0x12, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  head.writeUInt16BE(8 + options.length, 2);
  return Buffer.concat([head, options]);
}

/** One TDS message: packets read until the end-of-message status bit. */
async function readTds(inbox: Inbox, ctx: ModuleContext): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (;;) {
    const head = await inbox.read(8, true, ctx.timeoutMs, ctx.signal);
    if (head.length < 8) throw new Error('mssql: the server closed the connection (reset)');
    const body = await inbox.read(head.readUInt16BE(2) - 8, true, ctx.timeoutMs, ctx.signal);
    parts.push(body);
    if (head[1]! & 0x01) return Buffer.concat(parts);
  }
}

function tdsPacket(type: number, payload: Buffer): Buffer {
  const head = Buffer.from([type, 0x01, 0, 0, 0, 0, 1, 0]);
  head.writeUInt16BE(8 + payload.length, 2);
  return Buffer.concat([head, payload]);
}

/** LOGIN7 (MS-TDS 2.2.6.4) for TDS 7.4 with SQL authentication; the password obfuscated. */
function login7(user: string, password: string, database: string): Buffer {
  const secret = Buffer.from(password, 'utf16le').map((b) => (((b << 4) & 0xf0) | (b >> 4)) ^ 0xa5);
  const fields = [
    Buffer.from('didban', 'utf16le'), // HostName
    Buffer.from(user, 'utf16le'),
    Buffer.from(secret),
    Buffer.from('nuclei', 'utf16le'), // AppName
    Buffer.alloc(0), // ServerName
    Buffer.alloc(0), // Extension
    Buffer.from('go-mssqldb', 'utf16le'), // CltIntName
    Buffer.alloc(0), // Language
    Buffer.from(database, 'utf16le'),
  ];
  const fixed = Buffer.alloc(94);
  fixed.writeUInt32LE(0x74000004, 4);
  fixed.writeUInt32LE(4096, 8);
  fixed.writeUInt8(0xe0, 24);
  fixed.writeUInt8(0x03, 25);
  let offset = 94;
  for (const [i, f] of fields.entries()) {
    fixed.writeUInt16LE(offset, 36 + i * 4);
    fixed.writeUInt16LE(f.length / 2, 38 + i * 4);
    offset += f.length;
  }
  for (const at of [78, 82, 86]) fixed.writeUInt16LE(offset, at);
  const payload = Buffer.concat([fixed, ...fields]);
  payload.writeUInt32LE(payload.length, 0);
  return tdsPacket(0x10, payload);
}

/** A SQL batch with the ALL_HEADERS a TDS 7.2+ server wants (one transaction descriptor). */
function sqlBatch(query: string): Buffer {
  const headers = Buffer.alloc(22);
  headers.writeUInt32LE(22, 0);
  headers.writeUInt32LE(18, 4);
  headers.writeUInt16LE(2, 8);
  headers.writeUInt32LE(1, 18);
  return tdsPacket(0x01, Buffer.concat([headers, Buffer.from(query, 'utf16le')]));
}

/** Tokens of a login answer: LOGINACK (0xAD) accepted, ERROR (0xAA) refused (its text). */
function loginOutcome(reply: Buffer): { ok: boolean; error?: string } {
  let at = 0;
  while (at < reply.length) {
    const t = reply[at]!;
    if (t === 0xfd || t === 0xfe || t === 0xff) {
      at += 13;
      continue;
    }
    if (![0xe3, 0xad, 0xaa, 0xab, 0xae].includes(t)) break;
    const len = t === 0xae ? reply.length : reply.readUInt16LE(at + 1);
    if (t === 0xad) return { ok: true };
    if (t === 0xaa) {
      const chars = reply.readUInt16LE(at + 9);
      return { ok: false, error: reply.subarray(at + 11, at + 11 + chars * 2).toString('utf16le') };
    }
    at += 3 + len;
  }
  return { ok: false, error: 'no login acknowledgement' };
}

/**
 * nuclei/mssql Connect: go-mssqldb's login then `select 1`. A refused login or query is false;
 * a refused or reset connection, a timeout or a server that wants TLS is an error, as nuclei's.
 */
async function mssqlConnect(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  user: unknown,
  password: unknown,
  database: unknown,
): Promise<boolean> {
  if (!host || portOf(port) <= 0) throw new Error('invalid host or port');
  const socket = await dial(ctx, String(host), portOf(port));
  try {
    const inbox = new Inbox(socket);
    socket.write(prelogin());
    const pre = await readTds(inbox, ctx);
    // PRELOGIN options: find ENCRYPTION (1); ENCRYPT_REQ (3) means TLS inside TDS, not offered here.
    for (let i = 0; i < pre.length && pre[i] !== 0xff; i += 5)
      if (pre[i] === 1 && pre[pre.readUInt16BE(i + 1)] === 3)
        throw new Error('mssql: the server requires encryption (TLS inside TDS is not provided)');
    socket.write(login7(String(user ?? ''), String(password ?? ''), String(database ?? '')));
    if (!loginOutcome(await readTds(inbox, ctx)).ok) return false;
    socket.write(sqlBatch('select 1'));
    const rows = await readTds(inbox, ctx);
    return rows[0] !== 0xaa;
  } finally {
    socket.destroy();
  }
}

/** nuclei/mssql's IsMssql: a TDS server answers PRELOGIN with a tabular response (type 4). */
export const mssqlModule: HostModule = {
  name: 'mssql',
  functions: {
    IsMssql: async (ctx, host, port) => {
      const reply = await exchange(ctx, String(host), portOf(port), prelogin());
      return reply.length >= 8 && reply[0] === 0x04 && reply.readUInt16BE(2) === reply.length;
    },
    Connect: (ctx, h, p, u, pw) => mssqlConnect(ctx, h, p, u, pw, ''),
    ConnectWithDB: (ctx, h, p, u, pw, db) => mssqlConnect(ctx, h, p, u, pw, db),
  },
  guest: `
    function MSSQLClient() { if (!(this instanceof MSSQLClient)) return new MSSQLClient(); }
    MSSQLClient.prototype.IsMssql = function (h, p) { return __host('mssql', 'IsMssql', h, p); };
    MSSQLClient.prototype.Connect = function (h, p, u, pw) { return __host('mssql', 'Connect', h, p, u, pw); };
    MSSQLClient.prototype.ConnectWithDB = function (h, p, u, pw, db) { return __host('mssql', 'ConnectWithDB', h, p, u, pw, db); };
    return { MSSQLClient };
  `,
  api: ['MSSQLClient', 'IsMssql', 'Connect', 'ConnectWithDB'],
  refused: {
    ExecuteQuery: 'MSSQL queries (result sets over TDS) are not provided',
  },
};

/**
 * nuclei/oracle's IsOracle: a TNS CONNECT to the listener; a TNS answer (ACCEPT 2, REFUSE 4,
 * REDIRECT 5, RESEND 11) is Oracle. The banner is the listener's VSNNUM version when it says one.
 */
function tnsConnect(host: string, port: number): Buffer {
  const data = Buffer.from(
    `(DESCRIPTION=(CONNECT_DATA=(SERVICE_NAME=)(CID=(PROGRAM=didban)(HOST=didban)(USER=didban)))(ADDRESS=(PROTOCOL=TCP)(HOST=${host})(PORT=${port})))`,
    'latin1',
  );
  const head = Buffer.alloc(58);
  head.writeUInt16BE(58 + data.length, 0);
  head.writeUInt8(1, 4); // CONNECT
  head.writeUInt16BE(0x013a, 8); // version 314
  head.writeUInt16BE(0x012c, 10); // compatible version 300
  head.writeUInt16BE(0x0c41, 12);
  head.writeUInt16BE(0x2000, 14);
  head.writeUInt16BE(0xffff, 16);
  head.writeUInt16BE(0x7f08, 18);
  head.writeUInt16BE(1, 22);
  head.writeUInt16BE(data.length, 24);
  head.writeUInt16BE(58, 26);
  head.writeUInt8(0x41, 32);
  head.writeUInt8(0x41, 33);
  return Buffer.concat([head, data]);
}

export const oracleModule: HostModule = {
  name: 'oracle',
  functions: {
    IsOracle: async (ctx, host, port) => {
      const reply = await exchange(ctx, String(host), portOf(port), tnsConnect(String(host), portOf(port)));
      const isOracle = reply.length >= 8 && [2, 4, 5, 11].includes(reply[4]!);
      const text = reply.toString('latin1');
      const vsn = /VSNNUM=(\d+)/.exec(text);
      let banner = '';
      if (vsn) {
        const n = Number(vsn[1]);
        banner = `Oracle TNS Listener Version:${n >>> 24}.${(n >>> 20) & 0xf}.${(n >>> 12) & 0xff}.${(n >>> 8) & 0xf}.${n & 0xff}`;
      }
      return { IsOracle: isOracle, Banner: banner };
    },
  },
  // Older nuclei had IsOracle on the module, v3 on OracleClient: templates use both.
  guest: `
    const IsOracle = (h, p) => __struct(__host('oracle', 'IsOracle', h, p));
    function OracleClient() { if (!(this instanceof OracleClient)) return new OracleClient(); }
    OracleClient.prototype.IsOracle = IsOracle;
    return { IsOracle, OracleClient };
  `,
  api: ['IsOracle', 'OracleClient'],
};
