import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workspaceMembers, workspaces } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object, headers });

const userCount = async () => (await server.db.select({ n: count() }).from(users))[0]!.n;

describe('register → login → verify → profile → update email', () => {
  it('works end to end and answers the spec shapes', async () => {
    const registered = await post('auth/register/', {
      username: 'parisa',
      email: 'parisa@example.com',
      password: 'correct horse',
      confirm_password: 'correct horse',
    });
    expect(registered.statusCode).toBe(201);
    const session = registered.json().data;
    expect(Object.keys(session.user).sort()).toEqual([
      'email',
      'email_verified',
      'id',
      'profile_image',
      'username',
    ]);
    expect(session.user).toMatchObject({
      username: 'parisa',
      email: 'parisa@example.com',
      profile_image: null,
    });
    expect(session.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const login = await post('auth/login/', {
      username: 'parisa',
      email: 'Parisa@Example.com',
      password: 'correct horse',
    });
    expect(login.statusCode).toBe(200);
    const { access, user } = login.json().data;
    expect(user.id).toBe(session.user.id);

    const verified = await post('token/verify/', { token: access });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ valid: true, user: { id: user.id } });

    const auth = { authorization: `Bearer ${access}` };
    const profile = await server.app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: auth });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      username: 'parisa',
      email: 'parisa@example.com',
      is_staff: false,
    });

    const updated = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/panel/profile/',
      headers: auth,
      payload: { email: 'p.new@example.com' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.email).toBe('p.new@example.com');

    // The username is read-only: sending it is an unknown field, and nothing changes.
    const rename = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/panel/profile/',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { email: 'p.new@example.com', username: 'other' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors).toEqual({ username: ['Unknown field.'] });
  });

  it('creates a personal workspace with the user as owner', async () => {
    const { user } = await registerUser(server);
    const rows = await server.db
      .select({ kind: workspaces.kind, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, (await import('drizzle-orm')).eq(workspaces.id, workspaceMembers.workspace_id))
      .where((await import('drizzle-orm')).eq(workspaceMembers.user_id, user.id));
    expect(rows).toEqual([{ kind: 'personal', role: 'owner' }]);
  });
});

describe('registration rules', () => {
  it("refuses a taken email with 'An account with this email already exists', case-insensitively", async () => {
    const first = await registerUser(server);
    const before = await userCount();
    const response = await post(
      'auth/register/',
      {
        username: 'someone_else',
        email: first.user.email.toUpperCase(),
        password: 'secret1',
        confirm_password: 'secret1',
      },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'An account with this email already exists',
      code: 'email_taken',
      errors: { email: ['An account with this email already exists'] },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username in Persian', async () => {
    const first = await registerUser(server);
    const response = await post(
      'auth/register/',
      {
        username: first.user.username,
        email: 'fresh@example.com',
        password: 'secret1',
        confirm_password: 'secret1',
      },
      { 'accept-language': 'fa' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('حسابی با این نام کاربری از قبل وجود دارد');
  });

  it('answers field errors in the caller language and stores nothing', async () => {
    const before = await userCount();
    const en = await post(
      'auth/register/',
      { username: 'ab', email: 'nope', password: '123', confirm_password: '' },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      message: 'Some fields are not valid.',
      code: 'validation',
      errors: {
        username: ['Username must be at least 3 characters'],
        email: ['Enter a valid email address'],
        password: ['Password must be at least 6 characters'],
        confirm_password: ['Confirm password is required'],
      },
    });
    const fa = await post('auth/register/', {
      username: 'abc',
      email: 'a@b.co',
      password: 'secret1',
      confirm_password: 'x',
    });
    expect(fa.json()).toMatchObject({
      message: 'برخی فیلدها معتبر نیستند.',
      errors: { confirm_password: ['گذرواژه و تکرار آن یکسان نیستند'] },
    });
    expect(await userCount()).toBe(before);
  });

  it('never stores the password in clear and hashes with argon2id', async () => {
    const { user } = await registerUser(server);
    const { eq } = await import('drizzle-orm');
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain('secret-pass');
  });
});

describe('login', () => {
  it("answers 'Invalid credentials. Please try again.' for a wrong password, a wrong email or an unknown user", async () => {
    const { user } = await registerUser(server);
    const attempts = [
      { username: user.username, email: user.email, password: 'wrong-pass' },
      { username: user.username, email: 'other@example.com', password: 'secret-pass' },
      { username: 'nobody_here', email: user.email, password: 'secret-pass' },
    ];
    for (const body of attempts) {
      const response = await post('auth/login/', body, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Invalid credentials. Please try again.',
        code: 'invalid_credentials',
      });
    }
    const fa = await post('auth/login/', attempts[0]);
    expect(fa.json().message).toBe('اطلاعات ورود نادرست است. دوباره تلاش کنید.');
  });

  it('validates the sign-in fields of spec §5', async () => {
    const response = await post('auth/login/', { username: '', password: '12' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: ['Username is required'],
      email: ['Email is required'],
      password: ['Password must be at least 6 characters'],
    });
  });
});

describe('rate limiting', () => {
  it('limits login attempts per client and says when to retry', async () => {
    const limited = await createTestServer({ DIDBAN_AUTH_RATE_LIMIT: '3' });
    try {
      const body = { username: 'nobody', email: 'n@example.com', password: 'whatever1' };
      const codes: number[] = [];
      let last: { statusCode: number; json: () => { message: string; code: string } } | undefined;
      for (let i = 0; i < 4; i += 1) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/',
          payload: body,
          headers: { 'accept-language': 'en' },
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      expect(last!.json().code).toBe('rate_limited');
      expect(last!.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });
});
