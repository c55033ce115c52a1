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
  timeoutMs: number;
};

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
  const answer = await (
    out.resolve?.(url.hostname.replace(/^\[|\]$/g, ''), port) ?? Promise.resolve(undefined)
  )
    .then(
      (pinned) =>
        new Promise<HttpAnswer>((resolve, reject) => {
          const request = client.request(
            url,
            {
              method,
              // A fresh connection per attempt: a pooled keep-alive socket the receiver has just closed
              // would fail the attempt for nothing (and each attempt is checked by the scope lookup).
              agent: false,
              lookup: pinned ? pinnedLookup(pinned) : undefined,
              timeout: out.timeoutMs,
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
              response.on('data', (c: Buffer) => {
                // Only the start of an answer is kept (for the log); the rest is read and dropped.
                if (size < 64 * 1024) chunks.push(c);
                size += c.length;
              });
              response.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let json: unknown = null;
                try {
                  json = text ? JSON.parse(text) : null;
                } catch {}
                resolve({ status: response.statusCode ?? 0, body: text, json });
              });
              response.on('error', reject);
            },
          );
          request.on('timeout', () => request.destroy(new Error(`no answer within ${out.timeoutMs} ms`)));
          request.on('error', reject);
          request.end(payload);
        }),
    )
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EDIDBANSCOPE')
        throw new DeliveryFailure(`destination refused: ${error.message}`, null, false);
      throw new DeliveryFailure(error.message, null, true);
    });
  if (answer.status >= 200 && answer.status < 300) return answer;
  const retryable = answer.status >= 500 || RETRYABLE_4XX.has(answer.status);
  throw new DeliveryFailure(
    `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 300)}` : ''}`,
    answer.status,
    retryable,
  );
}
