import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../src/auth/secret.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

// Issue 15 §3/§5: the client address cannot be forged past the auth rate limits unless the
// operator trusts a proxy, and a token with a malformed subject is a 401.
let server: TestServer;
beforeAll(async () => {
  // The shipped default (10 a minute), not the test helper's generous one.
  server = await createTestServer({ DIDBAN_AUTH_RATE_LIMIT: '10' });
});
afterAll(async () => {
  await server?.close();
});

const post = (s: TestServer, url: string, payload: object, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    payload,
    headers: { 'accept-language': 'en', ...headers },
  });

describe('client address and rate limits', () => {
  it('ignores a rotating X-Forwarded-For: 30 wrong logins hit 429 and the right password is refused too', async () => {
    const victim = await registerUser(server);
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const wrong = await post(
        server,
        'auth/login/',
        { username: victim.user.username, email: victim.user.email, password: `guess-${i}-x` },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      codes.push(wrong.statusCode);
    }
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
    const right = await post(
      server,
      'auth/login/',
      { username: victim.user.username, email: victim.user.email, password: 'secret-pass' },
      { 'x-forwarded-for': '198.51.100.77' },
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('limits sign-ups: 14 in a row from one address hit 429 whatever X-Forwarded-For says', async () => {
    const fresh = await createTestServer({ DIDBAN_AUTH_RATE_LIMIT: '10' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 14; i += 1) {
        const name = `signup${i}x${Date.now() % 100000}`;
        const r = await post(
          fresh,
          'auth/register/',
          {
            username: name,
            email: `${name}@example.com`,
            password: 'x7-long-passphrase',
            confirm_password: 'x7-long-passphrase',
          },
          { 'x-forwarded-for': `192.0.2.${i + 1}` },
        );
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('believes X-Forwarded-For only from a proxy the operator named (DIDBAN_TRUST_PROXY)', async () => {
    const proxied = await createTestServer({ DIDBAN_AUTH_RATE_LIMIT: '2', DIDBAN_TRUST_PROXY: '127.0.0.1' });
    try {
      const body = { username: 'nobody', email: 'n@example.com', password: 'whatever1' };
      const as = async (client: string) =>
        (await post(proxied, 'auth/login/', body, { 'x-forwarded-for': client })).statusCode;
      // Each real client behind the proxy has its own budget.
      expect([await as('198.51.100.1'), await as('198.51.100.1'), await as('198.51.100.1')]).toEqual([
        400, 400, 429,
      ]);
      expect(await as('198.51.100.2')).toBe(400);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a DIDBAN_TRUST_PROXY that is neither a hop count nor addresses', async () => {
    await expect(createTestServer({ DIDBAN_TRUST_PROXY: 'everyone' })).rejects.toThrow(/DIDBAN_TRUST_PROXY/);
  });
});

describe('token subjects', () => {
  it('answers 401 token_invalid (not 500) to a genuine token whose subject is not a user id', async () => {
    const key = new TextEncoder().encode(loadOrCreateSecret(server.config.secret, server.config.dataDir));
    for (const subject of ['not-a-uuid', "1' or '1'='1", '']) {
      const token = await new SignJWT({ purpose: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('didban')
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      const profile = await server.app.inject({
        method: 'GET',
        url: '/api/v1/panel/profile/',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().code).toBe('token_invalid');
      const verify = await post(server, 'token/verify/', { token });
      expect(verify.statusCode).toBe(401);
    }
  });
});

describe('common passwords', () => {
  it('the server refuses a sign-up with one of the most common passwords, and creates nothing', async () => {
    const s = await createTestServer();
    try {
      const body = {
        username: 'common_pw',
        email: 'common_pw@example.com',
        password: 'Password123',
        confirm_password: 'Password123',
      };
      const refused = await post(s, 'auth/register/', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        password: ['This password is one of the most common ones and easy to guess. Choose another.'],
      });
      const ok = await post(s, 'auth/register/', {
        ...body,
        password: 'x7-long-passphrase',
        confirm_password: 'x7-long-passphrase',
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await s.close();
    }
  }, 90_000);
});
