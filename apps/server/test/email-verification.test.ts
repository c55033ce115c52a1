import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

// Issue 15 §3: a signed, expiring link is emailed (over real SMTP on loopback) on sign-up and
// on an email change; opening it confirms the address the link was sent to, and only that one.
let smtp: SmtpStandIn;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await createTestServer({
    DIDBAN_SMTP_URL: smtp.url,
    DIDBAN_MAIL_FROM: 'Didban <noreply@didban.test>',
    DIDBAN_PUBLIC_URL: 'http://panel.test:8080',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function mailTo(email: string, count = 1) {
  for (let i = 0; i < 250; i += 1) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail #${count} to ${email}`);
}
const tokenIn = (text: string) => {
  const match = /http:\/\/panel\.test:8080\/auth\/verify-email\?token=([\w.%-]+)/.exec(text);
  if (!match) throw new Error('no verification link in the message');
  return decodeURIComponent(match[1]!);
};
const verify = (token: string, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email/',
    payload: { token },
    headers: { 'accept-language': lang },
  });
const profile = async (auth: Record<string, string>) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: auth })).json().data;

describe('email verification', () => {
  it('emails a link on sign-up; the account works at once, unverified until the link is opened', async () => {
    const user = await registerUser(server);
    expect(user.user.email_verified).toBe(false);
    const mail = await mailTo(user.user.email);
    expect(mail.from).toBe('noreply@didban.test');
    // registerUser sends no Accept-Language: the default language, Persian.
    expect(mail.decoded).toContain(`برای تأیید این‌که ${user.user.email} نشانی ایمیل شماست`);
    expect((await profile(user.auth)).email_verified).toBe(false);

    const ok = await verify(tokenIn(mail.decoded));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ email: user.user.email, verified: true });
    expect((await profile(user.auth)).email_verified).toBe(true);
    // Opening it again is harmless.
    expect((await verify(tokenIn(mail.decoded))).statusCode).toBe(200);
  });

  it('writes the message in the language of the sign-up', async () => {
    const name = `farsi${Date.now() % 100000}`;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { 'accept-language': 'fa' },
      payload: {
        username: name,
        email: `${name}@example.com`,
        password: 'x7-long-passphrase',
        confirm_password: 'x7-long-passphrase',
      },
    });
    expect(response.statusCode).toBe(201);
    const mail = await mailTo(`${name}@example.com`);
    expect(mail.decoded).toContain('برای تأیید این‌که');
    expect(mail.decoded).toContain('این پیوند تا ۴۸ ساعت کار می‌کند');
  });

  it('leaves a changed email unverified until the new address confirms; an old link does not count', async () => {
    const user = await registerUser(server);
    const firstLink = tokenIn((await mailTo(user.user.email)).decoded);
    expect((await verify(firstLink)).statusCode).toBe(200);

    const newEmail = `moved-${user.user.username}@example.com`;
    const changed = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/panel/profile/',
      headers: user.auth,
      payload: { email: newEmail },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ email: newEmail, email_verified: false });
    // The link sent to the old address names the old address: it cannot confirm the new one.
    const stale = await verify(firstLink);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      code: 'email_verify_invalid',
      message: 'This verification link is invalid or has expired. Ask for a new one from your profile.',
    });
    expect((await profile(user.auth)).email_verified).toBe(false);

    const newLink = tokenIn((await mailTo(newEmail)).decoded);
    expect((await verify(newLink)).statusCode).toBe(200);
    expect((await profile(user.auth)).email_verified).toBe(true);

    // Saving the same address in other letter case is not a change.
    const same = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/panel/profile/',
      headers: user.auth,
      payload: { email: newEmail.toUpperCase() },
    });
    expect(same.json().data.email_verified).toBe(true);
  });

  it('resends the link on request, and says so when the address is already verified', async () => {
    const user = await registerUser(server);
    await mailTo(user.user.email);
    const resend = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/panel/profile/resend-verification/',
        headers: { ...user.auth, 'accept-language': 'en' },
      });
    const again = await resend();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ email: user.user.email, sent: true });
    const second = await mailTo(user.user.email, 2);
    expect((await verify(tokenIn(second.decoded))).statusCode).toBe(200);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({
      code: 'email_already_verified',
      message: 'Your email address is already verified.',
    });
    // Guests cannot ask.
    const guest = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/profile/resend-verification/',
    });
    expect(guest.statusCode).toBe(401);
  });

  it('one account cannot mail strangers without end by changing its address over and over', async () => {
    const user = await registerUser(server);
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const changed = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/panel/profile/',
        headers: { ...user.auth, 'accept-language': 'en' },
        payload: { email: `stranger${i}-${user.user.id.slice(0, 8)}@example.org` },
      });
      codes.push(changed.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    await mailTo(`stranger4-${user.user.id.slice(0, 8)}@example.org`);
    expect(smtp.received.filter((m) => m.to.some((t) => t.startsWith('stranger5-')))).toEqual([]);
  });

  it('refuses a tampered or foreign-purpose token in both languages', async () => {
    const user = await registerUser(server);
    const link = tokenIn((await mailTo(user.user.email)).decoded);
    // Change one character well inside the signature: the last base64url character carries
    // padding bits that decoders ignore, so replacing the tail could leave the bytes unchanged.
    const at = link.length - 6;
    const tampered = await verify(
      `${link.slice(0, at)}${link[at] === 'a' ? 'b' : 'a'}${link.slice(at + 1)}`,
      'fa',
    );
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(
      'این پیوند تأیید نامعتبر یا منقضی است. از صفحهٔ نمایه پیوند تازه‌ای بخواهید.',
    );
    // An access token is not a verification token.
    const access = user.auth.authorization!.replace('Bearer ', '');
    expect((await verify(access)).json().code).toBe('email_verify_invalid');
    expect((await profile(user.auth)).email_verified).toBe(false);
  });
});
