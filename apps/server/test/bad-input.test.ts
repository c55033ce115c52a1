import { count } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const en = { 'accept-language': 'en' };
const userCount = async () => (await server.db.select({ n: count() }).from(users))[0]!.n;

describe('malformed requests', () => {
  it('answers malformed JSON with 400 in the caller language and stores nothing', async () => {
    const before = await userCount();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { ...en, 'content-type': 'application/json' },
      payload: '{"username": "abc", "email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'malformed_json',
    });
    const fa = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(fa.json().message).toBe('بدنهٔ درخواست JSON معتبری نیست.');
    expect(await userCount()).toBe(before);
  });

  it('answers wrong types and missing fields with per-field messages', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: en,
      payload: { username: 42, email: ['x'], password: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: ['Expected string.'],
      email: ['Expected string.'],
      password: ['Expected string.'],
      confirm_password: ['Confirm password is required'],
    });
  });

  it('refuses a 10 MB body with 413 and stores nothing', async () => {
    const before = await userCount();
    const huge = JSON.stringify({
      username: 'x'.repeat(10 * 1024 * 1024),
      email: 'a@b.co',
      password: 'p',
      confirm_password: 'p',
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      headers: { ...en, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.', code: 'body_too_large' });
    expect(await userCount()).toBe(before);
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { ...en, 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('answers an unknown route with 404 naming it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nope/?x=1', headers: en });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No such endpoint: GET /api/v1/nope/',
      code: 'route_not_found',
    });
  });
});

describe('tokens', () => {
  const profile = (authorization?: string, lang = 'en') =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/profile/',
      headers: { 'accept-language': lang, ...(authorization ? { authorization } : {}) },
    });

  it('asks for credentials when there are none', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });

  it('refuses a forged token signed with another secret', async () => {
    const { user } = await registerUser(server);
    const forged = await new SignJWT({ purpose: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('didban')
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const response = await profile(`Bearer ${forged}`, 'fa');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'نشست شما نامعتبر است یا منقضی شده است. دوباره وارد شوید.',
      code: 'token_invalid',
    });
  });

  it("refuses an unsigned ('alg: none') token and garbage", async () => {
    const { user } = await registerUser(server);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: user.id, purpose: 'access', iss: 'didban' })).toString(
      'base64url',
    );
    expect((await profile(`Bearer ${header}.${body}.`)).statusCode).toBe(401);
    expect((await profile('Bearer not-a-token')).statusCode).toBe(401);
    expect((await profile('Basic dXNlcjpwYXNz')).statusCode).toBe(401);
  });

  it('refuses an expired token, and verify says so too', async () => {
    const shortLived = await createTestServer({ DIDBAN_TOKEN_TTL_SECONDS: '60' });
    try {
      const { access } = await registerUser(shortLived);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      try {
        const response = await shortLived.app.inject({
          method: 'GET',
          url: '/api/v1/panel/profile/',
          headers: { authorization: `Bearer ${access}`, ...en },
        });
        expect(response.statusCode).toBe(401);
        const verify = await shortLived.app.inject({
          method: 'POST',
          url: '/api/v1/token/verify/',
          headers: en,
          payload: { token: access },
        });
        expect(verify.statusCode).toBe(401);
        expect(verify.json().message).toBe('Your session is invalid or has expired. Please sign in again.');
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await shortLived.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../src/app.js');
    const logged = await buildApp({
      config: { ...server.config, logLevel: 'trace' },
      db: server.db,
      logger: {
        level: 'trace',
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    try {
      const password = 'Sup3r-Secret-Passw0rd';
      const response = await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/register/',
        payload: {
          username: 'logcheck',
          email: 'logcheck@example.com',
          password,
          confirm_password: password,
        },
      });
      const token = response.json().data.access as string;
      await logged.inject({
        method: 'GET',
        url: '/api/v1/panel/profile/',
        headers: { authorization: `Bearer ${token}` },
      });
      const all = lines.join('\n');
      expect(lines.length).toBeGreaterThan(2);
      expect(all).not.toContain(password);
      expect(all).not.toContain(token);
      expect(all).toContain('"reqId"');
    } finally {
      await logged.close();
    }
  });
});
