/**
 * A Microsoft SQL Server stand-in on loopback (MS-TDS): answers PRELOGIN with its version and
 * "encryption not supported", and LOGIN7 with LOGINACK for the planted account or ERROR 18456
 * ("Login failed for user …") otherwise — what nuclei/mssql's IsMssql and Connect look at.
 * After a login it answers `select 1` (what go-mssqldb's Connect runs) and refuses other batches.
 */
import { createServer, type Socket } from 'node:net';
import { listen } from './listen.js';

export interface LabMssqlOptions {
  host?: string;
  port?: number;
  /** major, minor, build (15.0.2000 = SQL Server 2019 RTM). */
  version?: [number, number, number];
  /** Accounts a LOGIN7 may use (default sa with a weak password: the planted weakness). */
  users?: { user: string; password: string }[];
}

export interface LabMssql {
  readonly host: string;
  readonly port: number;
  /** Logins tried: user, and whether the server accepted them. */
  readonly logins: { user: string; ok: boolean }[];
  stop(): Promise<void>;
}

const TYPE = { prelogin: 0x12, login7: 0x10, sqlBatch: 0x01, reply: 0x04 } as const;

function packet(type: number, payload: Buffer): Buffer {
  const head = Buffer.from([type, 0x01, 0, 0, 0, 0, 1, 0]);
  head.writeUInt16BE(8 + payload.length, 2);
  return Buffer.concat([head, payload]);
}

/** PRELOGIN response: VERSION, ENCRYPTION (2 = not supported), INSTOPT, THREADID, MARS. */
function preloginReply(version: [number, number, number]): Buffer {
  const data = [
    Buffer.from([version[0], version[1], version[2] >> 8, version[2] & 0xff, 0, 0]),
    Buffer.from([0x02]),
    Buffer.from([0x00]),
    Buffer.alloc(0),
    Buffer.from([0x00]),
  ];
  const ids = [0x00, 0x01, 0x02, 0x03, 0x04];
  let offset = ids.length * 5 + 1;
  const table: Buffer[] = [];
  for (const [i, d] of data.entries()) {
    const row = Buffer.alloc(5);
    row.writeUInt8(ids[i]!, 0);
    row.writeUInt16BE(offset, 1);
    row.writeUInt16BE(d.length, 3);
    table.push(row);
    offset += d.length;
  }
  return packet(TYPE.reply, Buffer.concat([...table, Buffer.from([0xff]), ...data]));
}

const usVarchar = (text: string) => {
  const b = Buffer.from(text, 'utf16le');
  const len = Buffer.alloc(2);
  len.writeUInt16LE(text.length, 0);
  return Buffer.concat([len, b]);
};
const bVarchar = (text: string) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'utf16le')]);

function token(type: number, body: Buffer): Buffer {
  const len = Buffer.alloc(2);
  len.writeUInt16LE(body.length, 0);
  return Buffer.concat([Buffer.from([type]), len, body]);
}

/** DONE (TDS 7.2+: 8-byte row count); status 0x0002 = error. */
function done(status: number): Buffer {
  const b = Buffer.alloc(13);
  b.writeUInt8(0xfd, 0);
  b.writeUInt16LE(status, 1);
  return b;
}

function errorToken(number: number, state: number, cls: number, text: string): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt32LE(number, 0);
  head.writeUInt8(state, 4);
  head.writeUInt8(cls, 5);
  const line = Buffer.alloc(4);
  line.writeUInt32LE(1, 0);
  return token(0xaa, Buffer.concat([head, usVarchar(text), bVarchar('LABSQL01'), bVarchar(''), line]));
}

function loginAck(version: [number, number, number]): Buffer {
  const tds = Buffer.from([0x74, 0x00, 0x00, 0x04]); // TDS 7.4
  const prog = Buffer.from([version[0], version[1], version[2] >> 8, version[2] & 0xff]);
  const env = token(0xe3, Buffer.concat([Buffer.from([1]), bVarchar('master'), bVarchar('')]));
  return Buffer.concat([
    env,
    token(0xad, Buffer.concat([Buffer.from([1]), tds, bVarchar('Microsoft SQL Server'), prog])),
  ]);
}

/** The answer to `select 1`: COLMETADATA (one INTN column), ROW, DONE with a count of 1. */
function selectOne(): Buffer {
  const meta = Buffer.from([0x81, 1, 0, 0, 0, 0, 0, 0x01, 0x00, 0x26, 4, 0]);
  const row = Buffer.from([0xd1, 4, 1, 0, 0, 0]);
  const end = done(0x10);
  end.writeUInt32LE(1, 5);
  return Buffer.concat([meta, row, end]);
}

/** LOGIN7's user name and password (MS-TDS 2.2.6.4; the password's nibbles swapped, then XOR 0xA5). */
function readLogin7(p: Buffer): { user: string; password: string } {
  const field = (at: number) => {
    const off = p.readUInt16LE(at);
    const len = p.readUInt16LE(at + 2) * 2;
    return p.subarray(off, off + len);
  };
  const secret = Buffer.from(
    field(44).map((b) => {
      const x = b ^ 0xa5;
      return ((x & 0x0f) << 4) | (x >> 4);
    }),
  );
  return { user: field(40).toString('utf16le'), password: secret.toString('utf16le') };
}

export async function startMssqlServer(options: LabMssqlOptions = {}): Promise<LabMssql> {
  const version = options.version ?? [15, 0, 2000];
  const users = options.users ?? [{ user: 'sa', password: 'sa' }];
  const logins: { user: string; ok: boolean }[] = [];
  /** Answers one message; true when it was a LOGIN7 the server accepted. */
  const answer = (socket: Socket, type: number, payload: Buffer): boolean => {
    if (type === TYPE.prelogin) {
      socket.write(preloginReply(version));
      return false;
    }
    if (type === TYPE.login7) {
      const { user, password } = readLogin7(payload);
      const ok = users.some((u) => u.user.toLowerCase() === user.toLowerCase() && u.password === password);
      logins.push({ user, ok });
      if (ok) {
        socket.write(packet(TYPE.reply, Buffer.concat([loginAck(version), done(0)])));
        return true;
      }
      const fail = errorToken(18456, 1, 14, `Login failed for user '${user}'.`);
      socket.end(packet(TYPE.reply, Buffer.concat([fail, done(2)])));
      return false;
    }
    if (type === TYPE.sqlBatch) {
      const query = payload.subarray(payload.readUInt32LE(0)).toString('utf16le');
      if (/^\s*select\s+1\s*;?\s*$/i.test(query)) {
        socket.write(packet(TYPE.reply, selectOne()));
        return false;
      }
    }
    const refuse = errorToken(40508, 1, 16, 'This lab server runs only select 1.');
    socket.write(packet(TYPE.reply, Buffer.concat([refuse, done(2)])));
    return false;
  };
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    // A message may span packets: payloads collect until the end-of-message status bit.
    let message: Buffer[] = [];
    let loggedIn = false;
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 8) {
        const len = pending.readUInt16BE(2);
        if (len < 8) return void socket.destroy();
        if (pending.length < len) break;
        const type = pending[0]!;
        // Before a login, SQL Server takes PRELOGIN and LOGIN7 only and drops anything else.
        if (!loggedIn && type !== TYPE.prelogin && type !== TYPE.login7) return void socket.destroy();
        const eom = (pending[1]! & 0x01) === 1;
        message.push(pending.subarray(8, len));
        pending = pending.subarray(len);
        if (!eom) continue;
        const payload = Buffer.concat(message);
        message = [];
        try {
          if (answer(socket, type, payload)) loggedIn = true;
        } catch {
          socket.destroy();
        }
      }
    });
  });
  const listening = await listen(server, options.host, options.port);
  return { host: listening.host, port: listening.port, logins, stop: listening.stop };
}
