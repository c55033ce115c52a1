/**
 * Account security (issue 35): change password (other sessions end), reset by an emailed
 * single-use link (the same answer for unknown addresses, throttled per address), sign out and
 * sign out everywhere, per-account throttling from many source addresses (owner notified),
 * password rules (blank, like the account, common), and an address reclaimed by a reset.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await createTestServer({ DIDBAN_SMTP_URL: smtp.url });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

type Account = Awaited<ReturnType<typeof registerUser>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const profileStatus = async (token: string) =>
  (await call('GET', '/panel/profile/', bearer(token))).statusCode;

async function signIn(a: Account, password = a.password, remoteAddress = '127.0.0.1') {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    remoteAddress,
    payload: { username: a.user.username, email: a.user.email, password },
  });
}

/** The reset token in the last mail sent to `email`. */
async function resetTokenFor(email: string) {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    const match = mail && /reset-password\?token=([\w.%-]+)/.exec(mail.decoded);
    if (match) return decodeURIComponent(match[1]!);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}

describe('change password', () => {
  it('needs the current password; ends every other session; this one gets a fresh token', async () => {
    const a = await registerUser(server);
    const other = (await signIn(a)).json().data.access as string;
    const wrong = await call(
      'POST',
      '/auth/password/',
      { ...a.auth, 'accept-language': 'en' },
      {
        old_password: 'not-it-at-all',
        new_password: 'a-much-better-one',
        confirm_password: 'a-much-better-one',
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ old_password: ['The current password is wrong.'] });
    expect(await profileStatus(other)).toBe(200);

    const changed = await call('POST', '/auth/password/', a.auth, {
      old_password: a.password,
      new_password: 'a-much-better-one',
      confirm_password: 'a-much-better-one',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().data.access as string;
    expect(await profileStatus(fresh)).toBe(200);
    expect(await profileStatus(a.access)).toBe(401);
    expect(await profileStatus(other)).toBe(401);
    expect((await signIn(a)).statusCode).toBe(400);
    expect((await signIn(a, 'a-much-better-one')).statusCode).toBe(200);
  });

  it('refuses a new password equal to the username or email, all spaces, or common (fa/en)', async () => {
    const a = await registerUser(server);
    const tryNew = (p: string, lang = 'en') =>
      call(
        'POST',
        '/auth/password/',
        { ...a.auth, 'accept-language': lang },
        {
          old_password: a.password,
          new_password: p,
          confirm_password: p,
        },
      );
    expect((await tryNew(a.user.username)).json().errors).toEqual({
      new_password: [
        'The password must not be your username, your email or the name of this service. Choose another.',
      ],
    });
    expect((await tryNew(a.user.email)).json().errors.new_password).toHaveLength(1);
    expect((await tryNew('      ')).json().errors).toEqual({
      new_password: ['A password cannot be only spaces.'],
    });
    expect((await tryNew('      ', 'fa')).json().errors).toEqual({
      new_password: ['گذرواژه نمی‌تواند فقط فاصله باشد.'],
    });
    expect((await tryNew('sunflower')).json().errors).toEqual({
      new_password: ['This password is one of the most common ones and easy to guess. Choose another.'],
    });
    expect(await profileStatus(a.access)).toBe(200);
  });
});

describe('sign-up password rules', () => {
  it('refuses six spaces, the username, didban123 and a common password; accepts a good one', async () => {
    const register = (username: string, password: string, lang = 'en') =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register/',
        headers: { 'accept-language': lang },
        payload: { username, email: `${username}@example.com`, password, confirm_password: password },
      });
    expect((await register('spacey', '      ')).json().errors).toEqual({
      password: ['A password cannot be only spaces.'],
    });
    expect((await register('samename', 'samename')).json().errors).toEqual({
      password: [
        'The password must not be your username, your email or the name of this service. Choose another.',
      ],
    });
    expect((await register('brand', 'didban123', 'fa')).json().errors).toEqual({
      password: ['گذرواژه نباید نام کاربری، ایمیل شما یا نام این سرویس باشد. گذرواژهٔ دیگری انتخاب کنید.'],
    });
    expect((await register('flower', 'superstar')).statusCode).toBe(400);
    expect((await register('goodone', 'correct-horse-battery')).statusCode).toBe(201);
    const stored = await server.db.execute(
      sql`select count(*)::int as n from users where username in ('spacey','samename','brand','flower')`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('sign out', () => {
  it('sign out ends this token only; sign out everywhere ends every token', async () => {
    const a = await registerUser(server);
    const second = (await signIn(a)).json().data.access as string;
    const third = (await signIn(a)).json().data.access as string;
    const out = await call('POST', '/auth/logout/', bearer(second));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { signed_out: true } });
    expect(await profileStatus(second)).toBe(401);
    expect((await call('POST', '/token/verify/', {}, { token: second })).statusCode).toBe(401);
    expect(await profileStatus(a.access)).toBe(200);
    expect(await profileStatus(third)).toBe(200);

    expect((await call('POST', '/auth/logout-all/', bearer(third))).statusCode).toBe(200);
    expect(await profileStatus(third)).toBe(401);
    expect(await profileStatus(a.access)).toBe(401);
    expect((await call('POST', '/token/verify/', {}, { token: a.access })).statusCode).toBe(401);
    // A new sign-in works as before.
    expect(await profileStatus((await signIn(a)).json().data.access)).toBe(200);
  });
});

describe('password reset by email', () => {
  it('same answer for unknown addresses; a 30-minute link that works once and ends every session', async () => {
    const a = await registerUser(server);
    const unknown = await call('POST', '/auth/password/forgot/', {}, { email: 'nobody-here@example.com' });
    const known = await call('POST', '/auth/password/forgot/', {}, { email: a.user.email.toUpperCase() });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const token = await resetTokenFor(a.user.email);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(30 * 60);
    expect(smtp.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);

    const reset = await call(
      'POST',
      '/auth/password/reset/',
      {},
      {
        token,
        new_password: 'fresh-start-now',
        confirm_password: 'fresh-start-now',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.user.id).toBe(a.user.id);
    expect(await profileStatus(reset.json().data.access)).toBe(200);
    expect(await profileStatus(a.access)).toBe(401);
    expect((await signIn(a, 'fresh-start-now')).statusCode).toBe(200);

    const again = await call(
      'POST',
      '/auth/password/reset/',
      { 'accept-language': 'en' },
      {
        token,
        new_password: 'another-fresh-one',
        confirm_password: 'another-fresh-one',
      },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'reset_link_invalid',
      message: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
    });
    expect((await signIn(a, 'another-fresh-one')).statusCode).toBe(400);
  });

  it('at most 3 links per address per quarter hour, the answer unchanged', async () => {
    const a = await registerUser(server);
    for (let i = 0; i < 5; i++)
      expect((await call('POST', '/auth/password/forgot/', {}, { email: a.user.email })).statusCode).toBe(
        202,
      );
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => m.to.includes(a.user.email) && /reset/i.test(m.raw))).toHaveLength(3);
  });

  it('a reset from the mailbox takes an unverified account back: squatter signed out, address verified, logged', async () => {
    const squatter = await registerUser(server);
    const address = squatter.user.email;
    await call('POST', '/auth/password/forgot/', {}, { email: address });
    const token = await resetTokenFor(address);
    const reset = await call(
      'POST',
      '/auth/password/reset/',
      {},
      {
        token,
        new_password: 'owner-of-the-mailbox',
        confirm_password: 'owner-of-the-mailbox',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.user).toMatchObject({
      id: squatter.user.id,
      email: address,
      email_verified: true,
    });
    expect(await profileStatus(squatter.access)).toBe(401);
    expect((await signIn(squatter)).statusCode).toBe(400);
    const rows = await server.db.execute(
      sql`select a.action, a.details from team_activity a join workspaces w on w.id = a.workspace_id
          where w.owner_id = ${squatter.user.id}::uuid`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'account.reset_reclaimed', details: { email: address } },
    ]);
  });
});

describe('per-account throttling', () => {
  it('5 wrong passwords from 5 addresses lock the account (the right one too), 429 with Retry-After, owner notified', async () => {
    const a = await registerUser(server);
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(a, `wrong-guess-${i}`, `10.0.0.${i + 1}`);
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: '10.0.0.99',
      headers: { 'accept-language': 'en' },
      payload: { username: a.user.username, email: a.user.email, password: a.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      code: 'account_locked',
      message: 'Too many wrong passwords for this account. Try again in 1 minutes, or reset your password.',
    });
    const bell = await call('GET', '/panel/notifications/', { ...a.auth, 'accept-language': 'en' });
    expect(JSON.stringify(bell.json())).toContain('locked for 1 minutes after 5 wrong passwords');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.some((m) => m.to.includes(a.user.email) && /was locked/.test(m.raw))).toBe(true);
    // Another account is not affected.
    const b = await registerUser(server);
    expect((await signIn(b)).statusCode).toBe(200);
  });
});
