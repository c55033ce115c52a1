/**
 * JARM's ten ClientHellos, byte for byte as the reference implementation (salesforce/jarm,
 * jarm.py v1.0) builds them: the fingerprints published for C2 servers and used by the
 * community templates were taken with that tool, so its quirks (probe 6 sends its ciphers in
 * forward order, the ALPN and supported_versions lists follow the "extension order") are kept.
 */
import { randomBytes, randomInt } from 'node:crypto';

type Version = 'TLS_1.1' | 'TLS_1.2' | 'TLS_1.3';
type Order = 'FORWARD' | 'REVERSE' | 'TOP_HALF' | 'BOTTOM_HALF' | 'MIDDLE_OUT';

export interface JarmProbe {
  readonly version: Version;
  readonly ciphers: 'ALL' | 'NO1.3';
  readonly cipherOrder: Order;
  readonly grease: boolean;
  readonly rareAlpn: boolean;
  readonly supportedVersions: '1.2_SUPPORT' | 'NO_SUPPORT' | '1.3_SUPPORT';
  readonly extensionOrder: Order;
}

const probe = (
  version: Version,
  ciphers: JarmProbe['ciphers'],
  cipherOrder: Order,
  grease: boolean,
  rareAlpn: boolean,
  supportedVersions: JarmProbe['supportedVersions'],
  extensionOrder: Order,
): JarmProbe => ({ version, ciphers, cipherOrder, grease, rareAlpn, supportedVersions, extensionOrder });

/** The reference's queue, in its order (the fingerprint is positional). */
export const JARM_PROBES: readonly JarmProbe[] = [
  probe('TLS_1.2', 'ALL', 'FORWARD', false, false, '1.2_SUPPORT', 'REVERSE'),
  probe('TLS_1.2', 'ALL', 'REVERSE', false, false, '1.2_SUPPORT', 'FORWARD'),
  probe('TLS_1.2', 'ALL', 'TOP_HALF', false, false, 'NO_SUPPORT', 'FORWARD'),
  probe('TLS_1.2', 'ALL', 'BOTTOM_HALF', false, true, 'NO_SUPPORT', 'FORWARD'),
  probe('TLS_1.2', 'ALL', 'MIDDLE_OUT', true, true, 'NO_SUPPORT', 'REVERSE'),
  probe('TLS_1.1', 'ALL', 'FORWARD', false, false, 'NO_SUPPORT', 'FORWARD'),
  probe('TLS_1.3', 'ALL', 'FORWARD', false, false, '1.3_SUPPORT', 'REVERSE'),
  probe('TLS_1.3', 'ALL', 'REVERSE', false, false, '1.3_SUPPORT', 'FORWARD'),
  probe('TLS_1.3', 'NO1.3', 'FORWARD', false, false, '1.3_SUPPORT', 'FORWARD'),
  probe('TLS_1.3', 'ALL', 'MIDDLE_OUT', true, false, '1.3_SUPPORT', 'REVERSE'),
];

const hex = (s: string): number[] => s.match(/../g)!.map((h) => Number.parseInt(h, 16));
const list = (s: string): number[][] => s.split(' ').map(hex);

/** The "ALL" cipher list in the reference's order; "NO1.3" is the same without the 0x13xx suites. */
const ALL_CIPHERS = list(
  '0016 0033 0067 c09e c0a2 009e 0039 006b c09f c0a3 009f 0045 00be 0088 00c4 009a c008 c009 c023 ' +
    'c0ac c0ae c02b c00a c024 c0ad c0af c02c c072 c073 cca9 1302 1301 cc14 c007 c012 c013 c027 c02f ' +
    'c014 c028 c030 c060 c061 c076 c077 cca8 1305 1304 1303 cc13 c011 000a 002f 003c c09c c0a0 009c ' +
    '0035 003d c09d c0a1 009d 0041 00ba 0084 00c0 0007 0004 0005',
);
const NO_TLS13_CIPHERS = ALL_CIPHERS.filter((c) => c[0] !== 0x13);

const ALPN_ALL = ['http/0.9', 'http/1.0', 'http/1.1', 'spdy/1', 'spdy/2', 'spdy/3', 'h2', 'h2c', 'hq'];
const ALPN_RARE = ['http/0.9', 'http/1.0', 'spdy/1', 'spdy/2', 'spdy/3', 'h2c', 'hq'];

/** The reference's `cipher_mung`, used for ciphers, ALPN names and TLS versions alike. */
export function mung<T>(items: readonly T[], order: Order): T[] {
  const n = items.length;
  const half = Math.floor(n / 2);
  switch (order) {
    case 'FORWARD':
      return [...items];
    case 'REVERSE':
      return [...items].reverse();
    case 'BOTTOM_HALF':
      return items.slice(n % 2 === 1 ? half + 1 : half);
    case 'TOP_HALF':
      return [...(n % 2 === 1 ? [items[half]!] : []), ...mung(mung(items, 'REVERSE'), 'BOTTOM_HALF')];
    case 'MIDDLE_OUT': {
      const out: T[] = [];
      if (n % 2 === 1) {
        out.push(items[half]!);
        for (let i = 1; i <= half; i++) out.push(items[half + i]!, items[half - i]!);
      } else {
        for (let i = 1; i <= half; i++) out.push(items[half - 1 + i]!, items[half - i]!);
      }
      return out;
    }
  }
}

const u16 = (n: number): number[] => [(n >> 8) & 0xff, n & 0xff];

function grease(): number[] {
  const g = (randomInt(16) << 4) | 0x0a;
  return [g, g];
}

const VERSION_BYTES: Record<Version, { record: number[]; hello: number[] }> = {
  'TLS_1.1': { record: [3, 2], hello: [3, 2] },
  'TLS_1.2': { record: [3, 3], hello: [3, 3] },
  'TLS_1.3': { record: [3, 1], hello: [3, 3] },
};

function ciphers(p: JarmProbe): number[] {
  const chosen = mung(p.ciphers === 'ALL' ? ALL_CIPHERS : NO_TLS13_CIPHERS, p.cipherOrder);
  return [...(p.grease ? grease() : []), ...chosen.flat()];
}

function alpnExtension(p: JarmProbe): number[] {
  const names = mung(p.rareAlpn ? ALPN_RARE : ALPN_ALL, p.extensionOrder);
  const body = names.flatMap((n) => [n.length, ...Buffer.from(n, 'latin1')]);
  return [0x00, 0x10, ...u16(body.length + 2), ...u16(body.length), ...body];
}

function keyShareExtension(withGrease: boolean): number[] {
  const share = [
    ...(withGrease ? [...grease(), 0x00, 0x01, 0x00] : []),
    0x00,
    0x1d,
    0x00,
    0x20,
    ...randomBytes(32),
  ];
  return [0x00, 0x33, ...u16(share.length + 2), ...u16(share.length), ...share];
}

function supportedVersionsExtension(p: JarmProbe): number[] {
  const versions =
    p.supportedVersions === '1.2_SUPPORT' ? list('0301 0302 0303') : list('0301 0302 0303 0304');
  const body = [...(p.grease ? grease() : []), ...mung(versions, p.extensionOrder).flat()];
  return [0x00, 0x2b, ...u16(body.length + 1), body.length, ...body];
}

function extensions(p: JarmProbe, host: string): number[] {
  const name = [...Buffer.from(host, 'latin1')];
  const all = [
    ...(p.grease ? [...grease(), 0x00, 0x00] : []),
    ...[0x00, 0x00, ...u16(name.length + 5), ...u16(name.length + 3), 0x00, ...u16(name.length), ...name],
    ...hex('00170000'), // extended_master_secret
    ...hex('0001000101'), // max_fragment_length
    ...hex('ff01000100'), // renegotiation_info
    ...hex('000a000a0008001d001700180019'), // supported_groups
    ...hex('000b00020100'), // ec_point_formats
    ...hex('00230000'), // session_ticket
    ...alpnExtension(p),
    ...hex('000d00140012040308040401050308050501080606010201'), // signature_algorithms
    ...keyShareExtension(p.grease),
    ...hex('002d00020101'), // psk_key_exchange_modes
    ...(p.version === 'TLS_1.3' || p.supportedVersions === '1.2_SUPPORT'
      ? supportedVersionsExtension(p)
      : []),
  ];
  return [...u16(all.length), ...all];
}

/** One JARM ClientHello record (random, session id and key share are fresh each time). */
export function buildClientHello(p: JarmProbe, host: string): Buffer {
  const { record, hello: helloVersion } = VERSION_BYTES[p.version];
  const suites = ciphers(p);
  const hello = [
    ...helloVersion,
    ...randomBytes(32),
    32,
    ...randomBytes(32),
    ...u16(suites.length),
    ...suites,
    0x01, // one compression method…
    0x00, // …null
    ...extensions(p, host),
  ];
  const handshake = [0x01, 0x00, ...u16(hello.length), ...hello];
  return Buffer.from([0x16, ...record, ...u16(handshake.length), ...handshake]);
}
