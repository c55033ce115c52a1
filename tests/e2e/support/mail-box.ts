import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpStandIn } from '../../../apps/server/test/helpers/smtp-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the run's SMTP stand-in writes every mail the server sends to (mailsTo reads it). */
    mailDir: string;
  }
}

/**
 * The server's outgoing mail for the browser tests: the server tests' SMTP stand-in on 127.0.0.1
 * (DIDBAN_SMTP_URL), each accepted message also written to `dir` as JSON, because the specs run
 * in other processes than the global setup that starts it.
 */
export async function startMailBox(dir: string) {
  mkdirSync(dir, { recursive: true });
  const smtp = await startSmtpStandIn();
  const push = smtp.received.push.bind(smtp.received);
  let n = 0;
  smtp.received.push = (...mails) => {
    for (const m of mails)
      writeFileSync(
        join(dir, `${String(++n).padStart(6, '0')}.json`),
        JSON.stringify({ to: m.to, text: bodyText(m.raw, m.decoded) }),
      );
    return push(...mails);
  };
  return { env: { DIDBAN_SMTP_URL: smtp.url }, close: smtp.close };
}

/**
 * A single-part message's text: nodemailer sends mostly-Persian text as base64 and the rest as
 * quoted-printable (which the stand-in already undid in `decoded`).
 */
function bodyText(raw: string, decoded: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = split < 0 ? raw : raw.slice(0, split);
  if (!/content-transfer-encoding:\s*base64/i.test(headers)) return decoded;
  return Buffer.from(raw.slice(split + 4).replace(/\s+/g, ''), 'base64').toString('utf8');
}

/** Every mail sent to `address` so far, oldest first (their text). */
export function mailsTo(dir: string, address: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string[]; text: string })
    .filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map((m) => m.text);
}
