import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

// Issue 15 §5: text PostgreSQL cannot store is a 400 naming the field (never a 500), and a YAML
// alias bomb is template_invalid.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const EN = 'Contains characters that cannot be stored (such as a NUL character). Remove them.';

describe('unstorable text', () => {
  it('refuses NUL and lone surrogates in any body field or query string with a 400 naming the field', async () => {
    const user = await registerUser(server);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'accept-language': 'en' },
      payload: { username: 'ali\u0000', email: 'a@example.com', password: 'secret-pass' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual({ username: [EN] });

    const team = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/teams/',
      headers: { ...user.auth, 'accept-language': 'fa' },
      payload: { name: 'Blue\uD800team' },
    });
    expect(team.statusCode).toBe(400);
    expect(team.json().errors).toEqual({
      name: ['نویسه‌هایی دارد که ذخیره نمی‌شوند (مانند نویسهٔ NUL). آن‌ها را حذف کنید.'],
    });

    const search = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/all-assets/?search=a%00b',
      headers: { ...user.auth, 'accept-language': 'en' },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ search: [EN] });

    // Emoji (a proper surrogate pair) is fine.
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/teams/',
      headers: user.auth,
      payload: { name: 'Blue 🚀' },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('template YAML', () => {
  it('answers template_invalid (not 500) to an alias bomb', async () => {
    const user = await registerUser(server);
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
      'id: bomb',
      'info: {name: B, author: x, severity: low}',
    ].join('\n');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/templates/',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: { yaml: bomb },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('template_invalid');
    expect(JSON.stringify(response.json())).toMatch(/aliases expand too far/);
  });
});
