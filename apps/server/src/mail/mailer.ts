import nodemailer from 'nodemailer';
import type { Options as SmtpOptions } from 'nodemailer/lib/smtp-transport';

/** One message to one person; plain text always, HTML optional. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files read from disk as the message is sent (a scheduled report). */
  attachments?: { filename: string; path: string; contentType?: string }[];
};

/** The operator-facing log the mailer writes to (fastify's / pino's logger fits). */
export type MailLog = { warn(obj: object, msg: string): void };

export type Mailer = {
  /** True when an SMTP server is configured; false means messages only reach the server log. */
  readonly delivers: boolean;
  /**
   * Send a message. With SMTP it resolves once the server accepted it and rejects when it did
   * not (callers decide whether that matters); without SMTP the message is logged at warn so
   * the operator can pass it on (e.g. a verification link) and it resolves.
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailConfig = {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: log instead of sending. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `Didban <noreply@example.com>`. */
  from: string;
};

/**
 * The server's only way out by email (nodemailer over SMTP). Built once and shared; nodemailer
 * opens a connection per message, which is plenty for sign-ups and alerts.
 */
export function createMailer(config: MailConfig, log: MailLog, transportOptions?: SmtpOptions): Mailer {
  if (!config.smtpUrl) {
    return {
      delivers: false,
      async send(message) {
        log.warn(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'email not sent (no DIDBAN_SMTP_URL configured); its content is logged here for the operator',
        );
      },
      close() {},
    };
  }
  // transportOptions: a tenant's SMTP server, connected through the scope policy (alerts/channel-smtp.ts).
  const transport = nodemailer.createTransport(transportOptions ?? config.smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from: config.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
