import type { LookupFunction } from 'node:net';

export interface HttpRequestSpec {
  readonly method: string;
  /** Absolute URL; its host is where the connection goes unless `connectTo` says otherwise. */
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  /** Byte string. */
  readonly body: string;
  /** `@Host:` annotation: `host[:port]` or a URL to connect to instead of the URL's host. */
  readonly connectTo?: string;
  readonly sni?: string;
  /** For `unsafe: true`: the exact bytes to write, as a byte string. */
  readonly rawBytes?: string;
}

export interface SendOptions {
  readonly timeoutMs: number;
  readonly readLimit: number;
  readonly signal: AbortSignal;
  /** Resolves host names instead of the system (the user's `--resolver`: host-lookup.ts). */
  readonly lookup?: LookupFunction;
}

export interface HttpResponse {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly httpVersion: string;
  /** As received, names in their original case, repeated headers kept. */
  readonly headers: readonly (readonly [string, string])[];
  /** Decompressed body as a byte string. */
  readonly body: string;
  readonly truncated: boolean;
  readonly durationMs: number;
  /** What went on the wire (head plus body), for evidence and the `request` field. */
  readonly requestDump: string;
  readonly ip?: string;
}

/** One request as the fast clients (send-socket.ts, send-undici.ts) see it. */
export interface Exchange {
  readonly url: string;
  readonly requestDump: () => string;
  /**
   * node:http, for what the fast client refuses (it then sends the request as before), and the one
   * resend of a request whose connection was lost before any answer (`resend` false: see
   * connection-lost.ts).
   */
  readonly fallback: (resend: boolean) => Promise<HttpResponse>;
}

/** A connection-level failure (refused, reset, timeout): counts towards max host errors. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}
