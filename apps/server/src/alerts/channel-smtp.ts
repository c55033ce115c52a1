/**
 * A channel's own SMTP server (`secrets.smtp_url`) is a destination the tenant names, like a
 * webhook. Handed to nodemailer as a URL it would resolve the name itself (past the scope policy)
 * and obey options in the URL's query (`?proxy=http://127.0.0.1:…` dials any host), so only the
 * URL's host, port, TLS mode and credentials are read here, and each connection is made by us:
 * the name (or address literal) goes through the policy's lookup at connect time, and the socket
 * to the allowed address is given to nodemailer, which speaks SMTP (and TLS, named by the host) on it.
 * nodemailer's timeouts are idle timeouts (a server dripping a byte at a time never trips them),
 * so each connection also gets a total deadline, and the attempt's signal destroys it.
 */
import net from 'node:net';
import type { Options as SmtpOptions } from 'nodemailer/lib/smtp-transport';
import type { Resolve } from './delivery-scope.js';

/** @example channelSmtpOptions('smtps://u:p@mail.example.com', scopeResolver(policy), 10_000, attempt.signal) */
export function channelSmtpOptions(
  smtpUrl: string,
  resolve: Resolve,
  timeoutMs: number,
  signal?: AbortSignal,
): SmtpOptions {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  return {
    host,
    port,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    getSocket(_options, callback) {
      resolve(host, port).then((pinned) => {
        if (signal?.aborted) return callback(new Error(`no complete answer within ${timeoutMs / 1000} s`));
        const socket = net.connect({ host: pinned.address, port });
        // nodemailer opens one connection per message: its deadline is the message's.
        const deadline = setTimeout(
          () => socket.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s (deadline)`)),
          timeoutMs,
        );
        const onAbort = () => socket.destroy(new Error('attempt deadline reached'));
        signal?.addEventListener('abort', onAbort, { once: true });
        socket.once('close', () => {
          clearTimeout(deadline);
          signal?.removeEventListener('abort', onAbort);
        });
        const failed = (e: Error) => callback(e);
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        socket.once('error', failed);
        socket.once('connect', () => {
          socket.off('error', failed);
          socket.setTimeout(0);
          callback(null, { connection: socket });
        });
      }, callback);
    },
  };
}
