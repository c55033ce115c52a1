import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { createMailer } from '../src/mail/mailer.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';

describe('mailer', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn({ user: 'relay', pass: 'p@ss word' });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers through the configured SMTP server with its credentials and the From address', async () => {
    const config = loadConfig({
      DIDBAN_SMTP_URL: smtp.url,
      DIDBAN_MAIL_FROM: 'Didban <noreply@didban.test>',
    });
    const logged: unknown[] = [];
    const mailer = createMailer(config.mail, { warn: (obj) => logged.push(obj) });
    expect(mailer.delivers).toBe(true);
    await mailer.send({
      to: 'sara@example.com',
      subject: 'تأیید ایمیل',
      text: 'سلام — http://panel.test/x?a=1&b=2',
    });
    mailer.close();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.user).toBe('relay');
    expect(mail?.from).toBe('noreply@didban.test');
    expect(mail?.to).toEqual(['sara@example.com']);
    expect(mail?.decoded).toContain('سلام — http://panel.test/x?a=1&b=2');
    expect(logged).toEqual([]);
  });

  it('rejects when the SMTP server refuses the credentials', async () => {
    const url = smtp.url.replace('relay:', 'intruder:');
    const mailer = createMailer({ smtpUrl: url, from: 'noreply@didban.test' }, { warn: () => {} });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });

  it('without SMTP logs the whole message at warn for the operator and sends nothing', async () => {
    const before = smtp.received.length;
    const config = loadConfig({});
    expect(config.mail.smtpUrl).toBeUndefined();
    const logged: Array<{ obj: object; msg: string }> = [];
    const mailer = createMailer(config.mail, { warn: (obj, msg) => logged.push({ obj, msg }) });
    expect(mailer.delivers).toBe(false);
    await mailer.send({
      to: 'sara@example.com',
      subject: 'Verify',
      text: 'Open http://panel.test/verify?t=abc',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toMatch(/DIDBAN_SMTP_URL/);
    expect(logged[0]?.obj).toEqual({
      mail: { to: 'sara@example.com', subject: 'Verify', text: 'Open http://panel.test/verify?t=abc' },
    });
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an SMTP setting that is not an smtp:// or smtps:// URL', () => {
    expect(() => loadConfig({ DIDBAN_SMTP_URL: 'http://127.0.0.1:25' })).toThrow(/DIDBAN_SMTP_URL/);
  });
});
