import { SMTPServer } from 'smtp-server';
import { findUniqueId } from './correlation.js';
import { remoteAddress } from './http-listener.js';
import type { SessionStore } from './session-store.js';

export interface SmtpListenerOptions {
  readonly domain: string;
  /** Message bytes kept as the interaction's raw request; the rest is read and dropped. */
  readonly maxRequestBytes: number;
}

/**
 * The SMTP side: accepts mail for any recipient (no auth, no TLS), and a message to an address
 * whose domain holds a registered unique id is an interaction whose raw request is the message
 * (DATA) and whose `smtp-from` is the envelope sender, as interactsh records it.
 */
export function createSmtpListener(store: SessionStore, options: SmtpListenerOptions): SMTPServer {
  const known = (cid: string) => store.has(cid);
  return new SMTPServer({
    name: `mail.${options.domain}`,
    banner: 'Didban interaction server',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (chunk: Buffer) => {
        if (kept >= options.maxRequestBytes) return;
        const part = chunk.subarray(0, options.maxRequestBytes - kept);
        kept += part.length;
        chunks.push(part);
      });
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const seen = new Set<string>();
        for (const rcpt of session.envelope.rcptTo) {
          const at = rcpt.address.lastIndexOf('@');
          if (at < 0) continue;
          const match = findUniqueId(rcpt.address.slice(at + 1), known);
          if (!match || seen.has(match.uniqueId)) continue;
          seen.add(match.uniqueId);
          void store.add(match.correlationId, {
            protocol: 'smtp',
            'unique-id': match.uniqueId,
            'full-id': match.fullId,
            'raw-request': data,
            'smtp-from': from,
            'remote-address': remoteAddress(session.remoteAddress),
            timestamp: new Date().toISOString(),
          });
        }
        callback();
      });
    },
  });
}
