/**
 * An LDAPv3 directory on loopback for nuclei/ldap tests (RFC 4511 over plain TCP): simple and
 * anonymous bind, search with base/one/sub scope and the usual filters, the rootDSE an Active
 * Directory domain controller shows before any bind, unbind, and StartTLS when given a certificate
 * (SASL is refused). Whether an anonymous session may read the directory is the planted weakness.
 *
 * Hand-written over ber.ts: ldapjs (the one Node LDAP server library) is decommissioned.
 */
import { createServer, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { children, int, octets, readInt, readTlv, type Tlv, tlv } from './ber.js';
import { listen } from './listen.js';

export interface LabLdapOptions {
  host?: string;
  port?: number;
  /** The realm, e.g. lab.didban.test; the naming context is dc=lab,dc=didban,dc=test. */
  domain?: string;
  dnsHostName?: string;
  /** An anonymous bind succeeds and may search the directory (the misconfiguration). Default true. */
  anonymous?: boolean;
  /** Accounts for a simple bind: DN (or user@domain) and password. */
  users?: { dn: string; password: string }[];
  /** Certificate for StartTLS (RFC 4511 4.14); without one StartTLS is refused. */
  tls?: { key: string; cert: string };
}

export interface LabLdap {
  readonly host: string;
  readonly port: number;
  readonly baseDN: string;
  /** Binds so far: the name used ('' for anonymous) and whether it succeeded. */
  readonly binds: { name: string; ok: boolean }[];
  /** Sessions that switched to TLS with StartTLS. */
  readonly startTls: () => number;
  stop(): Promise<void>;
}

type Entry = { dn: string; attributes: Record<string, string[]> };

const RESULT = {
  success: 0,
  operationsError: 1,
  protocolError: 2,
  authMethodNotSupported: 7,
  noSuchObject: 32,
  inappropriateAuthentication: 48,
  invalidCredentials: 49,
  unwillingToPerform: 53,
} as const;

/** [APPLICATION n] result (BindResponse, SearchResultDone, ExtendedResponse). */
const result = (tag: number, code: number, message = '') =>
  tlv(tag, int(code, 0x0a), octets(''), octets(message));

const message = (id: number, op: Buffer) => tlv(0x30, int(id), op);

const START_TLS = '1.3.6.1.4.1.1466.20037';

/** One client connection: where answers go (the TCP socket, or TLS over it after StartTLS). */
interface Session {
  out: Socket;
  bound: boolean;
}

function matches(entry: Entry, filter: Tlv): boolean {
  const attr = (name: string) =>
    Object.entries(entry.attributes).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  switch (filter.tag) {
    case 0xa0: // and
      return children(filter.value).every((f) => matches(entry, f));
    case 0xa1: // or
      return children(filter.value).some((f) => matches(entry, f));
    case 0xa2: // not
      return !matches(entry, children(filter.value)[0]!);
    case 0x87: // present
      return filter.value.toString('utf8').toLowerCase() === 'objectclass' || !!attr(filter.value.toString());
    case 0xa3: {
      // equalityMatch
      const [name, value] = children(filter.value).map((c) => c.value.toString('utf8'));
      return !!attr(name!)?.some((v) => v.toLowerCase() === value!.toLowerCase());
    }
    case 0xa4: {
      // substrings: initial [0], any [1], final [2]
      const [name, subs] = children(filter.value);
      const parts = children(subs!.value);
      return !!attr(name!.value.toString('utf8'))?.some((v) => {
        let rest = v.toLowerCase();
        for (const p of parts) {
          const s = p.value.toString('utf8').toLowerCase();
          const at = p.tag === 0x80 ? (rest.startsWith(s) ? 0 : -1) : rest.indexOf(s);
          if (at < 0) return false;
          if (p.tag === 0x82 && !rest.endsWith(s)) return false;
          rest = rest.slice(at + s.length);
        }
        return true;
      });
    }
    default:
      return false;
  }
}

function entryMessage(id: number, entry: Entry, wanted: string[]): Buffer {
  const all = wanted.length === 0 || wanted.includes('*');
  const attrs = Object.entries(entry.attributes)
    .filter(([k]) => all || wanted.includes(k.toLowerCase()))
    .map(([k, vs]) => tlv(0x30, octets(k), tlv(0x31, ...vs.map((v) => octets(v)))));
  return message(id, tlv(0x64, octets(entry.dn), tlv(0x30, ...attrs)));
}

export async function startLdapServer(options: LabLdapOptions = {}): Promise<LabLdap> {
  const domain = options.domain ?? 'lab.didban.test';
  const baseDN = domain
    .split('.')
    .map((p) => `dc=${p}`)
    .join(',');
  const dnsHostName = options.dnsHostName ?? `dc01.${domain}`;
  const anonymous = options.anonymous ?? true;
  const users = options.users ?? [{ dn: `cn=admin,${baseDN}`, password: 'lab-secret' }];
  const binds: { name: string; ok: boolean }[] = [];
  // What a Windows Server 2016 domain controller shows in its rootDSE (levels 7 = 2016).
  const rootDse: Entry = {
    dn: '',
    attributes: {
      objectClass: ['top'],
      namingContexts: [baseDN, `CN=Configuration,${baseDN}`],
      defaultNamingContext: [baseDN],
      rootDomainNamingContext: [baseDN],
      dnsHostName: [dnsHostName],
      serverName: [`CN=DC01,CN=Servers,CN=Default-First-Site-Name,CN=Sites,CN=Configuration,${baseDN}`],
      domainFunctionality: ['7'],
      forestFunctionality: ['7'],
      domainControllerFunctionality: ['7'],
      supportedLDAPVersion: ['3', '2'],
      supportedSASLMechanisms: ['GSSAPI', 'GSS-SPNEGO', 'EXTERNAL', 'DIGEST-MD5'],
      isGlobalCatalogReady: ['TRUE'],
    },
  };
  const tree: Entry[] = [
    { dn: baseDN, attributes: { objectClass: ['top', 'domain'], dc: [domain.split('.')[0]!] } },
    {
      dn: `cn=Users,${baseDN}`,
      attributes: { objectClass: ['top', 'container'], cn: ['Users'] },
    },
    ...users.map((u) => ({
      dn: u.dn,
      attributes: {
        objectClass: ['top', 'person', 'user'],
        cn: [/^cn=([^,]+)/i.exec(u.dn)?.[1] ?? u.dn],
        sAMAccountName: [/^cn=([^,]+)/i.exec(u.dn)?.[1] ?? u.dn],
      },
    })),
  ];
  const inScope = (dn: string, base: string, scope: number) => {
    const d = dn.toLowerCase();
    const b = base.toLowerCase();
    if (scope === 0) return d === b;
    if (!d.endsWith(`,${b}`)) return scope === 2 && d === b;
    return scope === 2 || !d.slice(0, -(b.length + 1)).includes(',');
  };

  let upgraded = 0;
  const handle = (state: Session, msg: Tlv) => {
    const socket = state.out;
    const [idTlv, op] = children(msg.value);
    const id = readInt(idTlv!.value);
    switch (op!.tag) {
      case 0x60: {
        const [, nameTlv, auth] = children(op!.value);
        const name = nameTlv!.value.toString('utf8');
        if (auth!.tag !== 0x80) {
          socket.write(message(id, result(0x61, RESULT.authMethodNotSupported, 'SASL is not offered')));
          return;
        }
        const password = auth!.value.toString('utf8');
        let code: number = RESULT.success;
        let text = '';
        if (!name && !password) {
          if (!anonymous) {
            code = RESULT.inappropriateAuthentication;
            text = 'anonymous bind disallowed';
          }
        } else if (!password) {
          code = RESULT.unwillingToPerform;
          text = 'unauthenticated bind (DN with no password) disallowed';
        } else {
          const user = users.find(
            (u) =>
              u.dn.toLowerCase() === name.toLowerCase() ||
              `${/^cn=([^,]+)/i.exec(u.dn)?.[1]}@${domain}` === name,
          );
          if (user?.password !== password) {
            code = RESULT.invalidCredentials;
            text = '80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e, v4563';
          }
        }
        state.bound = code === RESULT.success && (!!name || anonymous);
        binds.push({ name, ok: code === RESULT.success });
        socket.write(message(id, result(0x61, code, text)));
        return;
      }
      case 0x63: {
        const [baseTlv, scopeTlv, , , , , filter, attrsTlv] = children(op!.value);
        const base = baseTlv!.value.toString('utf8');
        const scope = readInt(scopeTlv!.value);
        const wanted = children(attrsTlv!.value).map((a) => a.value.toString('utf8').toLowerCase());
        if (base === '' && scope === 0) {
          if (matches(rootDse, filter!)) socket.write(entryMessage(id, rootDse, wanted));
          socket.write(message(id, result(0x65, RESULT.success)));
          return;
        }
        if (!state.bound) {
          // Active Directory's answer to a search on a session that has not bound.
          const text =
            '000004DC: LdapErr: DSID-0C090A5C, comment: In order to perform this operation a successful bind must be completed on the connection., data 0, v4563';
          socket.write(message(id, result(0x65, RESULT.operationsError, text)));
          return;
        }
        if (!tree.some((e) => e.dn.toLowerCase() === base.toLowerCase())) {
          socket.write(message(id, result(0x65, RESULT.noSuchObject, `no such object: ${base}`)));
          return;
        }
        for (const e of tree)
          if (inScope(e.dn, base, scope) && matches(e, filter!)) socket.write(entryMessage(id, e, wanted));
        socket.write(message(id, result(0x65, RESULT.success)));
        return;
      }
      case 0x42: // unbind
        socket.end();
        return;
      case 0x77: {
        // ExtendedRequest: requestName [0]. Only StartTLS, and only with a certificate.
        const name = children(op!.value)[0]?.value.toString('latin1');
        if (name !== START_TLS || !options.tls) {
          socket.write(message(id, result(0x78, RESULT.protocolError, 'extended operation not offered')));
          return;
        }
        socket.write(
          message(id, tlv(0x78, int(RESULT.success, 0x0a), octets(''), octets(''), octets(START_TLS, 0x8a))),
        );
        upgraded++;
        socket.removeAllListeners('data');
        serve(new TLSSocket(socket, { isServer: true, ...options.tls }), state);
        return;
      }
      case 0x50: // abandon: nothing to answer
        return;
      default:
        socket.destroy();
    }
  };

  /** Reads LDAPMessages off a stream (the TCP socket, later its TLS layer) and answers them. */
  const serve = (stream: Socket, state: Session) => {
    state.out = stream;
    let pending = Buffer.alloc(0);
    stream.on('error', () => {});
    stream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      try {
        for (let t = readTlv(pending); t; t = readTlv(pending)) {
          pending = pending.subarray(t.size);
          if (t.tag !== 0x30) throw new Error('not an LDAPMessage');
          handle(state, t);
          if (state.out !== stream) return; // switched to TLS: the rest is the handshake
        }
      } catch {
        stream.destroy();
      }
    });
  };
  const server = createServer((socket) => serve(socket, { out: socket, bound: false }));
  const listening = await listen(server, options.host, options.port);
  return {
    host: listening.host,
    port: listening.port,
    baseDN,
    binds,
    startTls: () => upgraded,
    stop: listening.stop,
  };
}
