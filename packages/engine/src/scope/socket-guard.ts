/**
 * Enforce a scope policy on every socket this process opens: TCP and TLS (node:http, undici,
 * raw sends, tcp/ssl executors, port scans, probes — all end in net.Socket#connect) and UDP
 * (dgram, the DNS executors). The check runs where the connection is made, on the address it is
 * made to: IP literals at once, host names after DNS (through the policy's lookup), and again
 * on each redirect hop since every hop is a new connect. Meant for a process that does nothing
 * but scan (the built-in worker's child, a self-hosted worker with a scope flag): installing it
 * in the API server would refuse the server's own connections.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import { ScopeError, type ScopePolicy, type ScopeRefusal } from './policy.js';
import { parseAddress } from './ranges.js';

export interface SocketGuardOptions {
  /**
   * Endpoints (`ip:port`) reached whatever the policy says: the operator's own DNS resolvers.
   * Traffic to them is the operator's choice, not a tenant's.
   */
  trusted?: readonly string[];
  /** Told of every refused connect (the worker logs them). */
  onRefused?: (refusal: ScopeRefusal) => void;
}

type ConnectOptions = net.NetConnectOpts & { host?: string; port?: number; path?: string; lookup?: unknown };

let installed: (() => void) | undefined;

function endpointKey(ip: string, port: number | undefined): string {
  const address = parseAddress(ip);
  return `${address ? address.toString() : ip}:${port ?? ''}`;
}

/**
 * Install the guard for this process; returns the uninstall function. One guard at a time.
 * @example const stop = installSocketGuard(createScopePolicy({ blockInternal: true }), { trusted: ['127.0.0.53:53'] });
 */
export function installSocketGuard(policy: ScopePolicy, options: SocketGuardOptions = {}): () => void {
  if (installed) throw new Error('a socket guard is already installed in this process');
  const trusted = new Set(
    (options.trusted ?? []).map((t) => {
      const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(t.trim());
      return m ? endpointKey(m[1]!, Number(m[2])) : endpointKey(t, 53);
    }),
  );
  const isTrusted = (ip: string, port: number | undefined) => trusted.has(endpointKey(ip, port));
  const checkEndpoint = (ip: string, port: number | undefined): ScopeRefusal | null => {
    if (isTrusted(ip, port)) return null;
    const refusal = policy.check(ip, port);
    if (refusal) options.onRefused?.(refusal);
    return refusal;
  };

  const originalConnect = net.Socket.prototype.connect;
  const originalSend = dgram.Socket.prototype.send;
  const originalUdpConnect = dgram.Socket.prototype.connect;

  /** A lookup that answers only with addresses the policy lets this port reach. */
  const guardedLookup = (port: number | undefined, inner: unknown) =>
    function scopeLookup(hostname: string, lookupOptions: unknown, callback: unknown) {
      const cb = (typeof lookupOptions === 'function' ? lookupOptions : callback) as (
        error: NodeJS.ErrnoException | null,
        address: string | dns.LookupAddress[],
        family?: number,
      ) => void;
      const raw = typeof lookupOptions === 'function' ? {} : lookupOptions;
      const opts: dns.LookupOptions =
        typeof raw === 'number' ? { family: raw } : { ...((raw as object) ?? {}) };
      const wantAll = opts.all === true;
      const base = (typeof inner === 'function' ? inner : dns.lookup) as typeof dns.lookup;
      base(hostname, { ...opts, all: true }, (error, addresses) => {
        if (error) return cb(error, wantAll ? [] : '');
        const list = addresses as dns.LookupAddress[];
        const refusals = list.map((a) => checkEndpoint(a.address, port));
        const ok = list.filter((_, i) => refusals[i] === null);
        if (ok.length === 0) {
          const first = refusals[0];
          const refusal: ScopeRefusal = first
            ? { ...first, message: `${hostname} resolves to ${first.message}` }
            : { address: hostname, port, reason: 'invalid', message: `${hostname} did not resolve` };
          return cb(new ScopeError(refusal) as ScopeError & NodeJS.ErrnoException, wantAll ? [] : '');
        }
        if (wantAll) return cb(null, ok);
        cb(null, ok[0]!.address, ok[0]!.family);
      });
    };

  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect() hands over pre-normalised [options, callback]; direct calls use any form.
    const normalised = Array.isArray(args[0]) ? (args[0] as unknown[]) : undefined;
    let opts: ConnectOptions;
    if (normalised) opts = (normalised[0] ?? {}) as ConnectOptions;
    else if (args[0] !== null && typeof args[0] === 'object') opts = args[0] as ConnectOptions;
    else if (typeof args[0] === 'string' && Number.isNaN(Number(args[0])))
      opts = { path: args[0] } as ConnectOptions;
    else opts = { port: Number(args[0]), host: typeof args[1] === 'string' ? args[1] : 'localhost' };
    if (opts.path) return originalConnect.apply(this, args as never); // a local pipe, no address
    const host = opts.host || 'localhost';
    const port = opts.port === undefined ? undefined : Number(opts.port);
    if (net.isIP(host)) {
      const refusal = checkEndpoint(host, port);
      if (refusal) {
        process.nextTick(() => this.destroy(new ScopeError(refusal)));
        return this;
      }
      return originalConnect.apply(this, args as never);
    }
    // A name (or an odd spelling like 2130706433 that getaddrinfo turns into an address):
    // connect only to what the guarded lookup hands back.
    const guarded: ConnectOptions = {
      ...opts,
      host,
      lookup: guardedLookup(port, opts.lookup),
    } as ConnectOptions;
    if (normalised) {
      const copy = [guarded, ...normalised.slice(1)];
      for (const symbol of Object.getOwnPropertySymbols(normalised))
        (copy as unknown as Record<symbol, unknown>)[symbol] = (
          normalised as unknown as Record<symbol, unknown>
        )[symbol];
      return originalConnect.call(this, copy as never);
    }
    const callback = args.find((a) => typeof a === 'function');
    return callback
      ? originalConnect.call(this, guarded as never, callback as never)
      : originalConnect.call(this, guarded as never);
  } as typeof net.Socket.prototype.connect;

  /** UDP: check the destination of each datagram (and of a connected UDP socket). */
  const udpGuard = (
    socket: dgram.Socket,
    port: number,
    address: string | undefined,
    callback: unknown,
    go: (ip: string) => void,
  ) => {
    const type = (socket as unknown as { type?: string }).type;
    const fail = (error: Error) => {
      if (typeof callback === 'function') process.nextTick(() => (callback as (e: Error) => void)(error));
      else process.nextTick(() => socket.emit('error', error));
    };
    const target = address ?? (type === 'udp6' ? '::1' : '127.0.0.1');
    if (net.isIP(target)) {
      const refusal = checkEndpoint(target, port);
      return refusal ? fail(new ScopeError(refusal)) : go(target);
    }
    guardedLookup(port, undefined)(
      target,
      { family: type === 'udp6' ? 6 : 4 },
      (error: Error | null, ip: string) => (error ? fail(error) : go(ip)),
    );
  };

  dgram.Socket.prototype.send = function guardedSend(this: dgram.Socket, ...args: unknown[]) {
    // send(msg[, offset, length][, port][, address][, callback]); a connected socket has no port.
    const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : undefined;
    const rest = callback ? args.slice(0, -1) : args;
    const portIndex = rest.length >= 4 ? 3 : rest.length >= 2 ? 1 : -1;
    if (portIndex === -1 || typeof rest[portIndex] !== 'number')
      return originalSend.apply(this, args as never);
    const port = rest[portIndex] as number;
    const address = rest[portIndex + 1] as string | undefined;
    udpGuard(this, port, address, callback, (ip) => {
      const copy = [...rest];
      copy[portIndex + 1] = ip;
      originalSend.apply(this, (callback ? [...copy, callback] : copy) as never);
    });
  } as typeof dgram.Socket.prototype.send;

  dgram.Socket.prototype.connect = function guardedUdpConnect(this: dgram.Socket, ...args: unknown[]) {
    const port = args[0] as number;
    const address = typeof args[1] === 'string' ? args[1] : undefined;
    const callback = args.find((a) => typeof a === 'function');
    const connect = originalUdpConnect as (this: dgram.Socket, ...rest: unknown[]) => void;
    udpGuard(this, port, address, callback, (ip) =>
      callback ? connect.call(this, port, ip, callback) : connect.call(this, port, ip),
    );
  } as typeof dgram.Socket.prototype.connect;

  installed = () => {
    net.Socket.prototype.connect = originalConnect;
    dgram.Socket.prototype.send = originalSend;
    dgram.Socket.prototype.connect = originalUdpConnect;
    installed = undefined;
  };
  return installed;
}
