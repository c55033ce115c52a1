import { exchange, portOf } from './context.js';
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

/** nuclei/mssql's IsMssql: a TDS server answers PRELOGIN with a tabular response (type 4). */
export const mssqlModule: HostModule = {
  name: 'mssql',
  functions: {
    IsMssql: async (ctx, host, port) => {
      const reply = await exchange(ctx, String(host), portOf(port), prelogin());
      return reply.length >= 8 && reply[0] === 0x04 && reply.readUInt16BE(2) === reply.length;
    },
  },
  guest: `
    function MSSQLClient() { if (!(this instanceof MSSQLClient)) return new MSSQLClient(); }
    MSSQLClient.prototype.IsMssql = function (h, p) { return __host('mssql', 'IsMssql', h, p); };
    return { MSSQLClient };
  `,
  api: ['MSSQLClient', 'IsMssql'],
  refused: {
    Connect: 'MSSQL login (TDS authentication) is not provided',
    ConnectWithDB: 'MSSQL login (TDS authentication) is not provided',
    ExecuteQuery: 'MSSQL queries (TDS authentication) are not provided',
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
  guest: `return { IsOracle: (h, p) => __struct(__host('oracle', 'IsOracle', h, p)) };`,
  api: ['IsOracle'],
};
