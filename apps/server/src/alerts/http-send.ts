/**
 * One outgoing HTTP request of a delivery, through node:http(s) with the scope policy's lookup, so
 * a channel URL whose name resolves into the server's private network is refused at connect time
 * (DNS rebinding included) unless the operator opened that range (DIDBAN_ALERTS_ALLOW).
 */
import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type Resolve } from './delivery-scope.js';

export type HttpAnswer = { status: number; body: string; json: unknown };

/** A delivery attempt that did not succeed. `retryable` false: trying again cannot help. */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly responseCode: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type Outgoing = {
  /** The scope policy's resolver (delivery-scope.ts); undefined: no policy. */
  resolve: Resolve | undefined;
  /** Total deadline of one request, from the name lookup to the answer's last kept byte. */
  timeoutMs: number;
  /** The attempt's own deadline (send-delivery.ts): aborting destroys every connection of the attempt. */
  signal?: AbortSignal;
};

/** What is kept of an answer (for the log and the trackers' JSON); the rest is never read. */
export const KEPT_BODY_BYTES = 64 * 1024;

/** The attempt or the request ran out of time: retryable, and counted against the channel (alert-loop.ts). */
export class DeliveryTimeout extends DeliveryFailure {
  constructor(ms: number) {
    super(`no complete answer within ${ms / 1000} s (deadline); connection closed`, null, true);
  }
}

const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * Send and read the answer; a non-2xx answer throws DeliveryFailure (5xx and 429 retryable).
 * @example const { json } = await sendHttp(out, 'POST', url, { text: 'hi' }, { authorization: 'Bearer …' });
 */
export async function sendHttp(
  out: Outgoing,
  method: string,
  target: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const url = new URL(target);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const client = url.protocol === 'https:' ? https : http;
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  // One deadline for the whole request — an idle timeout would let a receiver that drips a byte
  // now and then hold the attempt (and its slot) for ever.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeliveryTimeout(out.timeoutMs)), out.timeoutMs);
  const signal = out.signal ? AbortSignal.any([out.signal, deadline.signal]) : deadline.signal;
  const timedOut = () =>
    signal.reason instanceof DeliveryFailure ? signal.reason : new DeliveryTimeout(out.timeoutMs);
  const answer = await (
    out.resolve?.(url.hostname.replace(/^\[|\]$/g, ''), port) ?? Promise.resolve(undefined)
  )
    .then(
      (pinned) =>
        new Promise<HttpAnswer>((resolve, reject) => {
          if (signal.aborted) return reject(timedOut());
          const request = client.request(
            url,
            {
              method,
              // A fresh connection per attempt: a pooled keep-alive socket the receiver has just closed
              // would fail the attempt for nothing (and each attempt is checked by the scope lookup).
              agent: false,
              lookup: pinned ? pinnedLookup(pinned) : undefined,
              headers: {
                'user-agent': 'Didban-Alerts/1',
                accept: 'application/json',
                ...(payload !== undefined
                  ? {
                      'content-type': 'application/json; charset=utf-8',
                      'content-length': String(Buffer.byteLength(payload)),
                    }
                  : {}),
                ...headers,
              },
            },
            (response) => {
              const chunks: Buffer[] = [];
              let size = 0;
              const finish = () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let json: unknown = null;
                try {
                  json = text ? JSON.parse(text) : null;
                } catch {}
                resolve({ status: response.statusCode ?? 0, body: text, json });
              };
              response.on('data', (c: Buffer) => {
                chunks.push(c.subarray(0, KEPT_BODY_BYTES - size));
                size += c.length;
                // Enough for the log: the rest of the answer is not read, the connection is dropped.
                if (size >= KEPT_BODY_BYTES) {
                  response.removeAllListeners('data');
                  request.destroy();
                  finish();
                }
              });
              response.on('end', finish);
              response.on('error', reject);
            },
          );
          const onAbort = () => {
            request.destroy();
            reject(timedOut());
          };
          signal.addEventListener('abort', onAbort, { once: true });
          request.on('close', () => signal.removeEventListener('abort', onAbort));
          request.on('error', reject);
          request.end(payload);
        }),
    )
    .catch((error: NodeJS.ErrnoException) => {
      if (error instanceof DeliveryFailure) throw error;
      if (error.code === 'EDIDBANSCOPE')
        throw new DeliveryFailure(`destination refused: ${error.message}`, null, false);
      if (signal.aborted) throw timedOut();
      throw new DeliveryFailure(error.message, null, true);
    })
    .finally(() => clearTimeout(timer));
  if (answer.status >= 200 && answer.status < 300) return answer;
  const retryable = answer.status >= 500 || RETRYABLE_4XX.has(answer.status);
  throw new DeliveryFailure(
    `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 300)}` : ''}`,
    answer.status,
    retryable,
  );
}
