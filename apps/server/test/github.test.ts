import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubStandIn } from './helpers/github-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let server: TestServer;
beforeAll(async () => {
  github = await startGithubStandIn({ clientId: 'Iv1.didban', clientSecret: 'shh' });
  server = await createTestServer({ ...github.env, DIDBAN_PUBLIC_URL: 'http://panel.test:8080' });
});
afterAll(async () => {
  await server.close();
  await github.close();
});

const getEndpoint = async (query = '') => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/auth/github/get-endpoint/${query}`,
    headers: { 'accept-language': 'en' },
  });
  return response;
};
const exchange = (code: string, state: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/github/callback/',
    payload: { code, state },
    headers: { 'accept-language': 'en' },
  });

describe('GitHub sign-in', () => {
  it('gives the authorize URL with client id, the panel callback and a signed state', async () => {
    const response = await getEndpoint();
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(github.env.GITHUB_AUTHORIZE_URL);
    expect(url.searchParams.get('client_id')).toBe('Iv1.didban');
    expect(url.searchParams.get('redirect_uri')).toBe('http://panel.test:8080/auth/github-callback');
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(url.searchParams.get('state')).toMatch(/\./);
  });

  it('creates an account on first sign-in and signs into the same one afterwards', async () => {
    const octo = {
      id: 583231,
      login: 'octocat',
      avatar_url: 'https://avatars.example/u/583231',
      emails: [{ email: 'octo@example.com', primary: true, verified: true }],
    };
    const state = new URL((await getEndpoint()).json().data.url).searchParams.get('state')!;
    const first = await exchange(github.approve(octo), state);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({
      username: 'octocat',
      email: 'octo@example.com',
      profile_image: octo.avatar_url,
    });
    const second = await exchange(github.approve(octo), state);
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
    // The session works like any other.
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/profile/',
      headers: { authorization: `Bearer ${second.json().data.access}` },
    });
    expect(me.json().data.username).toBe('octocat');
    // The server sent the client secret to the token endpoint, as GitHub expects.
    expect(github.seen).toContainEqual(
      expect.objectContaining({
        path: '/login/oauth/access_token',
        body: expect.objectContaining({ client_secret: 'shh' }),
      }),
    );
  });

  it('links to an existing account with the same verified email', async () => {
    const existing = await registerUser(server);
    const state = new URL((await getEndpoint()).json().data.url).searchParams.get('state')!;
    const response = await exchange(
      github.approve({
        id: 9,
        login: 'someone',
        avatar_url: '',
        emails: [{ email: existing.user.email, primary: true, verified: true }],
      }),
      state,
    );
    expect(response.json().data.user.id).toBe(existing.user.id);
  });

  it('refuses a bad code, a tampered state and an unverified email with clear messages', async () => {
    const state = new URL((await getEndpoint()).json().data.url).searchParams.get('state')!;
    const bad = await exchange('wrong-code', state);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'GitHub login failed. Please try again.', code: 'github_failed' });
    const tampered = await exchange('x', `${state}x`);
    expect(tampered.json().code).toBe('github_state');
    const unverified = await exchange(
      github.approve({
        id: 77,
        login: 'ghost',
        avatar_url: '',
        emails: [{ email: 'g@example.com', primary: true, verified: false }],
      }),
      state,
    );
    expect(unverified.json()).toEqual({
      message: 'Your GitHub account has no verified email address.',
      code: 'github_no_email',
    });
  });

  it('hands the session on to a loopback listener for the terminal client, and only to loopback', async () => {
    const ok = await getEndpoint('?redirect_uri=http%3A%2F%2F127.0.0.1%3A53123%2Fcallback');
    const state = new URL(ok.json().data.url).searchParams.get('state')!;
    const user = {
      id: 4242,
      login: 'cli-user',
      avatar_url: '',
      emails: [{ email: 'cli@example.com', primary: true, verified: true }],
    };
    const response = await exchange(github.approve(user), state);
    expect(response.json().data.cli_redirect).toBe('http://127.0.0.1:53123/callback');
    const evil = await getEndpoint('?redirect_uri=https%3A%2F%2Fevil.example%2Fsteal');
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe('redirect_not_allowed');
  });
});

describe('GitHub sign-in without configuration', () => {
  it("answers a clear 'not configured' error", async () => {
    const plain = await createTestServer();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/auth/github/get-endpoint/',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({
        message: 'GitHub sign-in is not configured on this server.',
        code: 'github_not_configured',
      });
    } finally {
      await plain.close();
    }
  });
});
