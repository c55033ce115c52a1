/** Shapes of the weakness add-on: what a planted weakness changes on a lab web site. */
import type { IncomingMessage } from 'node:http';

/** One HTTP answer the weak site sends instead of its clean one. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** An HTTP weakness: extra routes and changes to the headers of every answer. */
export interface HttpWeakness {
  readonly protocol: 'http';
  /** Exact paths (no query) answered by the weakness. A function may decline with `undefined`. */
  readonly routes?: Readonly<Record<string, Reply | ((req: IncomingMessage, url: URL) => Reply | undefined)>>;
  /** Security headers (lower case) the clean site sends that this weakness removes. */
  readonly omit?: readonly string[];
  /** Headers added to (or replacing) every answer, computed from the request when needed. */
  readonly headers?: Record<string, string> | ((req: IncomingMessage) => Record<string, string>);
  /** Replaces the home page body. */
  readonly home?: string;
  /** Answers any request with this method (TRACE and the like). */
  readonly method?: { readonly name: string; readonly reply: (req: IncomingMessage) => Reply };
}

/** How the HTTPS side of a weak site is set up. */
export type TlsFlaw = 'self-signed' | 'expired' | 'mismatched' | 'tls10' | 'tls11' | 'weak-cipher';

export interface TlsWeakness {
  readonly protocol: 'ssl';
  readonly flaw: TlsFlaw;
}

export type Weakness = HttpWeakness | TlsWeakness;

/** The clean sites the library must stay silent on. */
export type CleanMode = 'plain' | 'soft-404' | 'all-404';
