import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The raw message as the server received it (headers and body). */
  raw: string;
  /** Raw with quoted-printable soft breaks and escapes undone, so a link can be searched for. */
  decoded: string;
  user: string | undefined;
};

/** Undo quoted-printable (RFC 2045) enough to find text in a nodemailer message body. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server (the `smtp-server` library) on 127.0.0.1 that keeps every message it
 * accepts. Plain SMTP with AUTH allowed without TLS, as a local relay would be.
 */
export async function startSmtpStandIn(options: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const auth = options.user
    ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`
    : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    /** Wait until `count` messages arrived (mail is sent in the background by some routes). */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
