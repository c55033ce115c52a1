import mysql from 'mysql2/promise';
import pg from 'pg';
import { onAbort } from '../../../util/abort-registry.js';
import { exchange, type ModuleContext, portOf } from './context.js';
import type { HostModule } from './types.js';

/** nuclei's utils.SQLResult: Count, Columns, Rows (one map per row). */
interface SqlResult {
  Count: number;
  Columns: string[];
  Rows: Record<string, unknown>[] | null;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

// nuclei scans text, varchar, uuid, timestamp and unknown types as strings, bool as a boolean and
// int4 as a number (UnmarshalSQLRows); NULL becomes the zero value.
const PG_BOOL = 16;
const PG_INT4 = 23;
const pgTypes = {
  getTypeParser: (oid: number) =>
    oid === PG_BOOL ? (v: string) => v === 't' : oid === PG_INT4 ? Number : (v: string) => v,
};

async function pgQuery(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  user: unknown,
  password: unknown,
  db: unknown,
  query?: string,
): Promise<SqlResult | true> {
  const client = new pg.Client({
    host: String(host),
    port: portOf(port),
    user: str(user),
    password: str(password),
    database: str(db) || 'postgres',
    ssl: false,
    connectionTimeoutMillis: ctx.timeoutMs,
    query_timeout: ctx.timeoutMs,
    types: pgTypes as never,
  });
  client.on('error', () => {});
  const stop = () => void client.end().catch(() => {});
  const unregister = onAbort(ctx.signal, stop);
  try {
    await client.connect();
    if (query === undefined) return true;
    const r = await client.query(query);
    const columns = r.fields.map((f) => f.name);
    const rows = r.rows.map((row: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const f of r.fields) {
        const v = row[f.name];
        out[f.name] = v === null ? (f.dataTypeID === PG_BOOL ? false : f.dataTypeID === PG_INT4 ? 0 : '') : v;
      }
      return out;
    });
    return { Count: rows.length, Columns: columns, Rows: rows.length > 0 ? rows : null };
  } finally {
    unregister();
    await client.end().catch(() => {});
  }
}

/** The startup message of a PostgreSQL client: an `R` (authentication) or `E` answer is PostgreSQL. */
async function isPostgres(ctx: ModuleContext, host: unknown, port: unknown): Promise<boolean> {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + params.length, 0);
  head.writeUInt32BE(196608, 4);
  const reply = await exchange(ctx, String(host), portOf(port), Buffer.concat([head, params]));
  return reply.length > 0 && (reply[0] === 0x52 || reply[0] === 0x45);
}

async function mysqlQuery(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  user: unknown,
  password: unknown,
  db: unknown,
  query?: string,
): Promise<SqlResult | true> {
  const conn = await mysql.createConnection({
    host: String(host),
    port: portOf(port),
    user: str(user),
    password: str(password),
    database: str(db) || undefined,
    connectTimeout: ctx.timeoutMs,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    typeCast: (field, next) => {
      // database/sql with the mysql driver hands nuclei every column as text.
      if (field.type === 'BLOB' || field.type === 'VAR_STRING' || field.type === 'STRING')
        return field.string('latin1');
      const v = next();
      return v === null ? '' : String(v);
    },
  });
  conn.on('error', () => {});
  const stop = () => conn.destroy();
  const unregister = onAbort(ctx.signal, stop);
  try {
    if (query === undefined) return true;
    const [rows, fields] = await conn.query({ sql: query, timeout: ctx.timeoutMs, rowsAsArray: false });
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    const columns = (fields ?? []).map((f) => f.name);
    const out = list.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? ''])));
    return { Count: out.length, Columns: columns, Rows: out.length > 0 ? out : null };
  } finally {
    unregister();
    conn.destroy();
  }
}

/**
 * The MySQL server greeting (protocol 10): version, or the error packet a server sends to a
 * client it refuses (host not allowed), as fingerprintx reads it for nuclei's FingerprintMySQL.
 */
async function mysqlGreeting(ctx: ModuleContext, host: unknown, port: unknown) {
  const reply = await exchange(ctx, String(host), portOf(port), undefined);
  if (reply.length < 5) throw new Error('the service is not mysql');
  const payload = reply.subarray(4, 4 + reply.readUIntLE(0, 3));
  if (payload[0] === 0x0a) {
    const end = payload.indexOf(0, 1);
    return {
      packetType: 'handshake',
      version: payload.subarray(1, end).toString('latin1'),
      error: '',
      code: 0,
    };
  }
  if (payload[0] === 0xff) {
    return {
      packetType: 'error',
      version: '',
      error: payload
        .subarray(3)
        .toString('latin1')
        .replace(/^#.{5}/, ''),
      code: payload.readUInt16LE(1),
    };
  }
  throw new Error('the service is not mysql');
}

/** nuclei/postgres over pg; nuclei/mysql over mysql2 (pkg/js/libs/postgres, mysql). */
export const postgresModule: HostModule = {
  name: 'postgres',
  functions: {
    IsPostgres: (ctx, h, p) => isPostgres(ctx, h, p),
    Connect: (ctx, h, p, u, pw) => pgQuery(ctx, h, p, u, pw, 'postgres'),
    ConnectWithDB: (ctx, h, p, u, pw, db) => pgQuery(ctx, h, p, u, pw, db),
    ExecuteQuery: (ctx, h, p, u, pw, db, q) => pgQuery(ctx, h, p, u, pw, db, str(q)),
  },
  guest: `
    class PGClient {
      IsPostgres(h, p) { return __host('postgres', 'IsPostgres', h, p); }
      Connect(h, p, u, pw) { return __host('postgres', 'Connect', h, p, u, pw); }
      ConnectWithDB(h, p, u, pw, db) { return __host('postgres', 'ConnectWithDB', h, p, u, pw, db); }
      ExecuteQuery(h, p, u, pw, db, q) { return __struct(__host('postgres', 'ExecuteQuery', h, p, u, pw, db, q)); }
    }
    return { PGClient: __class(PGClient) };
  `,
  api: ['PGClient', 'IsPostgres', 'Connect', 'ConnectWithDB', 'ExecuteQuery'],
};

export const mysqlModule: HostModule = {
  name: 'mysql',
  functions: {
    IsMySQL: async (ctx, h, p) => (await mysqlGreeting(ctx, h, p)).packetType !== '',
    FingerprintMySQL: async (ctx, h, p) => {
      const g = await mysqlGreeting(ctx, h, p);
      return {
        Host: String(h),
        IP: String(h),
        Port: portOf(p),
        Protocol: 'mysql',
        TLS: false,
        Transport: 'tcp',
        Version: g.version,
        Debug: { PacketType: g.packetType, ErrorMessage: g.error, ErrorCode: g.code },
      };
    },
    Connect: (ctx, h, p, u, pw) => mysqlQuery(ctx, h, p, u, pw, ''),
    ExecuteQuery: (ctx, h, p, u, pw, q) => mysqlQuery(ctx, h, p, u, pw, '', str(q)),
    ExecuteQueryOnDB: (ctx, h, p, u, pw, db, q) => mysqlQuery(ctx, h, p, u, pw, db, str(q)),
    ExecuteQueryWithOpts: (ctx, opts, q) => {
      const o = (opts ?? {}) as Record<string, unknown>;
      return mysqlQuery(ctx, o.Host, o.Port, o.Username, o.Password, o.DbName, str(q));
    },
  },
  guest: `
    class MySQLClient {
      IsMySQL(h, p) { return __host('mysql', 'IsMySQL', h, p); }
      FingerprintMySQL(h, p) { return __struct(__host('mysql', 'FingerprintMySQL', h, p)); }
      Connect(h, p, u, pw) { return __host('mysql', 'Connect', h, p, u, pw); }
      ExecuteQuery(h, p, u, pw, q) { return __struct(__host('mysql', 'ExecuteQuery', h, p, u, pw, q)); }
      ExecuteQueryOnDB(h, p, u, pw, db, q) { return __struct(__host('mysql', 'ExecuteQueryOnDB', h, p, u, pw, db, q)); }
      ExecuteQueryWithOpts(o, q) { return __struct(__host('mysql', 'ExecuteQueryWithOpts', o, q)); }
    }
    return { MySQLClient: __class(MySQLClient) };
  `,
  api: [
    'MySQLClient',
    'IsMySQL',
    'FingerprintMySQL',
    'Connect',
    'ExecuteQuery',
    'ExecuteQueryOnDB',
    'ExecuteQueryWithOpts',
  ],
};
