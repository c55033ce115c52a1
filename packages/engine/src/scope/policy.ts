/**
 * The scan scope policy: may a task send traffic to this address? Decided on the address a
 * connection really goes to (after DNS), so names that resolve inward, DNS rebinding and
 * redirects are caught where the connection is made (see socket-guard.ts), not only when a
 * target is typed in.
 */
import dns from 'node:dns';
import { INTERNAL_RANGES } from './internal-ranges.js';
import {
  type Address,
  findRange,
  parseAddress,
  parseScopeRanges,
  rangeContains,
  type ScopeRange,
} from './ranges.js';

/** Why an address is refused. */
export interface ScopeRefusal {
  address: string;
  port?: number;
  reason: 'internal' | 'denied' | 'own' | 'invalid';
  /** The range that refused it (internal/denied), for the message. */
  range?: string;
  /** English, for logs and the run's skipped-target record. */
  message: string;
}

/** A connect refused by the scope policy; `code` lets callers tell it from network errors. */
export class ScopeError extends Error {
  override name = 'ScopeError';
  readonly code = 'EDIDBANSCOPE';
  constructor(readonly refusal: ScopeRefusal) {
    super(refusal.message);
  }
}

export interface ScopePolicyOptions {
  /** Refuse loopback, private, link-local, CGNAT, ULA, multicast, reserved… (INTERNAL_RANGES). */
  blockInternal?: boolean;
  /** Ranges opened even when internal (`DIDBAN_BUILTIN_WORKER_ALLOW`). */
  allow?: string | readonly string[];
  /** Ranges always refused, whatever `allow` says. */
  deny?: string | readonly string[];
  /**
   * The server's own endpoints (`ip:port`, `[v6]:port`) or whole addresses (`ip`): refused even
   * inside an allowed range, so opening a lab range never opens the API or its database.
   */
  ownAddresses?: readonly string[];
  /** The resolver `lookup()` asks (default: dns.lookup as it is when called). */
  baseLookup?: typeof dns.lookup;
}

export type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

export interface ScopePolicy {
  /** `null` when traffic to this address (and port) may go, otherwise why not. */
  check(ip: string, port?: number): ScopeRefusal | null;
  /**
   * dns.lookup-compatible: resolves, drops refused addresses, and fails with a ScopeError
   * (code EDIDBANSCOPE) when none is left. IP literals are checked without DNS.
   */
  lookup(hostname: string, options: unknown, callback?: unknown): void;
  /** Resolve a host name (or read an address literal) and check it; `null` when reachable. */
  checkHost(host: string, port?: number): Promise<ScopeRefusal | null>;
  /**
   * Without DNS: a root as typed (address in any spelling, CIDR, `localhost`). `null` when it
   * may be scanned or cannot be judged before resolving (plain host names; the connect-time
   * check covers those).
   */
  checkTarget(text: string): ScopeRefusal | null;
  /** Whether anything is refused at all (a policy with nothing to enforce can be skipped). */
  readonly active: boolean;
}

interface OwnEntry {
  address: Address;
  port?: number;
}

function parseOwn(entry: string): OwnEntry | null {
  const whole = parseAddress(entry);
  if (whole) return { address: whole };
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(entry.trim());
  if (!match) return null;
  const address = parseAddress(match[1]!);
  return address ? { address, port: Number(match[2]) } : null;
}

const sameAddress = (a: Address, b: Address) => a.kind() === b.kind() && a.toString() === b.toString();

function refusalMessage(r: Omit<ScopeRefusal, 'message'>): string {
  const where = r.port === undefined ? r.address : `${r.address}:${r.port}`;
  if (r.reason === 'own') return `${where} is this server's own address: outside the allowed scan scope`;
  if (r.reason === 'invalid') return `${where} is not an address`;
  return `${where} is outside the allowed scan scope (${r.reason === 'denied' ? 'denied range' : 'internal range'} ${r.range})`;
}

function refuse(r: Omit<ScopeRefusal, 'message'>): ScopeRefusal {
  return { ...r, message: refusalMessage(r) };
}

const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/**
 * @example
 * const scope = createScopePolicy({ blockInternal: true, allow: '127.42.0.0/24' });
 * scope.check('127.0.0.1')      // { reason: 'internal', range: '127.0.0.0/8', … }
 * scope.check('127.42.0.5')     // null
 * http.get({ host: 'name', lookup: scope.lookup })
 */
export function createScopePolicy(options: ScopePolicyOptions = {}): ScopePolicy {
  const allow = parseScopeRanges(options.allow);
  const deny = parseScopeRanges(options.deny);
  const own = (options.ownAddresses ?? []).map(parseOwn).filter((e): e is OwnEntry => e !== null);
  const internal: readonly ScopeRange[] = options.blockInternal ? INTERNAL_RANGES : [];
  const active = internal.length > 0 || deny.length > 0 || own.length > 0;

  function checkAddress(address: Address, port?: number): ScopeRefusal | null {
    const text = address.toString();
    const denied = findRange(deny, address);
    if (denied) return refuse({ address: text, port, reason: 'denied', range: denied.text });
    const ownHit = own.find(
      (o) => sameAddress(o.address, address) && (o.port === undefined || o.port === port),
    );
    if (ownHit) return refuse({ address: text, port, reason: 'own' });
    if (findRange(allow, address)) return null;
    const hit = findRange(internal, address);
    if (hit) return refuse({ address: text, port, reason: 'internal', range: hit.text });
    return null;
  }

  function check(ip: string, port?: number): ScopeRefusal | null {
    const address = parseAddress(ip);
    if (!address) return refuse({ address: ip, port, reason: 'invalid' });
    return checkAddress(address, port);
  }

  function lookup(hostname: string, optionsOrCallback: unknown, maybeCallback?: unknown): void {
    const callback = (
      typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
    ) as LookupCallback;
    const raw = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const lookupOptions: dns.LookupOptions =
      typeof raw === 'number' ? { family: raw } : { ...((raw as dns.LookupOptions | undefined) ?? {}) };
    const wantAll = lookupOptions.all === true;
    const base = options.baseLookup ?? dns.lookup;
    base(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, wantAll ? [] : '');
      const list = addresses as dns.LookupAddress[];
      const allowed = list.filter((a) => check(a.address) === null);
      if (allowed.length === 0) {
        const first = list[0];
        const refusal = first
          ? { ...check(first.address)!, message: `${hostname} resolves to ${check(first.address)!.message}` }
          : refuse({ address: hostname, reason: 'invalid' });
        const scopeError = new ScopeError(refusal) as ScopeError & NodeJS.ErrnoException;
        return callback(scopeError, wantAll ? [] : '');
      }
      if (wantAll) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  }

  async function checkHost(host: string, port?: number): Promise<ScopeRefusal | null> {
    const address = parseAddress(host);
    if (address) return checkAddress(address, port);
    if (!active) return null;
    return new Promise((resolve) => {
      lookup(host, { all: true }, (error: NodeJS.ErrnoException | null) => {
        if (error instanceof ScopeError) resolve(error.refusal);
        else resolve(null); // does not resolve: nothing to reach
      });
    });
  }

  function checkTarget(text: string): ScopeRefusal | null {
    const value = text.trim();
    if (!active) return null;
    if (LOCAL_NAME.test(value) && options.blockInternal)
      return refuse({ address: value, reason: 'internal', range: '127.0.0.0/8' });
    if (value.includes('/')) {
      let range: ScopeRange;
      try {
        range = parseScopeRanges(value)[0]!;
      } catch {
        return null; // not a CIDR: a URL or a name, judged when it is resolved
      }
      return checkCidr(range);
    }
    const address = parseAddress(value);
    return address ? checkAddress(address) : null;
  }

  /** A CIDR root is refused when any of its addresses would be (unless an allow range holds it all). */
  function checkCidr(range: ScopeRange): ScopeRefusal | null {
    const inside = (r: ScopeRange) => r.prefix <= range.prefix && rangeContains(r, range.address);
    const overlaps = (r: ScopeRange) =>
      r.address.kind() === range.address.kind() &&
      (rangeContains(r, range.address) || rangeContains(range, r.address));
    const text = `${range.address.toString()}/${range.prefix}`;
    const denied = deny.find(overlaps);
    if (denied) return refuse({ address: text, reason: 'denied', range: denied.text });
    const ownHit = own.find((o) => o.port === undefined && rangeContains(range, o.address));
    if (ownHit) return refuse({ address: text, reason: 'own' });
    if (allow.some(inside)) return null;
    const hit = internal.find(overlaps);
    if (hit) return refuse({ address: text, reason: 'internal', range: hit.text });
    return null;
  }

  return { check, lookup, checkHost, checkTarget, active };
}
