import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubStandIn } from './helpers/github-stand-in.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let smtp: SmtpStandIn;
let server: TestServer;
beforeAll(async () => {
  github = await startGithubStandIn({ clientId: 'Iv1.didban', clientSecret: 'shh' });
  smtp = await startSmtpStandIn();
  server = await createTestServer({
    ...github.env,
    DIDBAN_PUBLIC_URL: 'http://panel.test:8080',
    DIDBAN_SMTP_URL: smtp.url,
  });
});
afterAll(async () => {
  await server.close();
  await github.close();
  await smtp.close();
});

const getEndpoint = async (query = '') => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/auth/github/get-endpoint/${query}`,
    headers: { 'accept-language': 'en' },
  });
  return response;
};
/** A panel sign-in as the browser sees it: the state from the URL and the nonce cookie. */
async function startSignIn() {
  const response = await getEndpoint();
  const cookie = response.cookies.find((c) => c.name === 'didban_github_nonce');
  if (!cookie) throw new Error('no browser nonce cookie');
  return {
    state: new URL(response.json().data.url).searchParams.get('state')!,
    cookie: `${cookie.name}=${cookie.value}`,
    set: cookie,
  };
}
const exchange = (code: string, state: string, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/github/callback/',
    payload: { code, state },
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  });
/** Open the verification link the server emailed to `email` (the real SMTP stand-in got it). */
async function verifyEmailOf(email: string) {
  const mail = await waitForMailTo(email);
  const token = /verify-email\?token=([\w.%-]+)/.exec(mail.decoded)![1]!;
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email/',
    payload: { token: decodeURIComponent(token) },
  });
  expect(response.statusCode).toBe(200);
}
async function waitForMailTo(email: string) {
  for (let i = 0; i < 250; i += 1) {
    const mail = smtp.received.findLast((m) => m.to.includes(email));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email}`);
}

describe('GitHub sign-in', () => {
  it('is offered: the panel shows its button', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/auth/providers/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { github: true } });
  });

  it('gives the authorize URL with client id, the panel callback and a signed state', async () => {
    const response = await getEndpoint();
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(github.env.GITHUB_AUTHORIZE_URL);
    expect(url.searchParams.get('client_id')).toBe('Iv1.didban');
    expect(url.searchParams.get('redirect_uri')).toBe('http://panel.test:8080/auth/github-callback');
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    // The browser gets an HttpOnly, SameSite=Lax nonce cookie limited to the sign-in calls.
    const cookie = response.cookies.find((c) => c.name === 'didban_github_nonce');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth/github/',
      maxAge: 600,
    });
  });

  it('creates an account on first sign-in and signs into the same one afterwards', async () => {
    const octo = {
      id: 583231,
      login: 'octocat',
      avatar_url: 'https://avatars.example/u/583231',
      emails: [{ email: 'octo@example.com', primary: true, verified: true }],
    };
    const one = await startSignIn();
    const first = await exchange(github.approve(octo), one.state, one.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({
      username: 'octocat',
      email: 'octo@example.com',
      profile_image: octo.avatar_url,
      // GitHub vouched for the address.
      email_verified: true,
    });
    const two = await startSignIn();
    const second = await exchange(github.approve(octo), two.state, two.cookie);
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

  it('links to an existing account whose owner verified the same email', async () => {
    const existing = await registerUser(server);
    const identity = {
      id: 9,
      login: 'someone',
      avatar_url: '',
      emails: [{ email: existing.user.email, primary: true, verified: true }],
    };
    await verifyEmailOf(existing.user.email);
    const later = await startSignIn();
    const response = await exchange(github.approve(identity), later.state, later.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.id).toBe(existing.user.id);
  });

  it('a verified GitHub sign-in reclaims an address an unverified account holds (issue 35)', async () => {
    // Anyone can sign up with someone else's address: it never blocks the address's owner.
    const squatter = await registerUser(server);
    const address = squatter.user.email;
    const flow = await startSignIn();
    const response = await exchange(
      github.approve({
        id: 4242,
        login: 'real-owner',
        avatar_url: '',
        emails: [{ email: address, primary: true, verified: true }],
      }),
      flow.state,
      flow.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const owner = response.json().data.user;
    expect(owner).toMatchObject({ username: 'real-owner', email: address, email_verified: true });
    expect(owner.id).not.toBe(squatter.user.id);
    // The squatter's account keeps its data but not the address, and its activity log says so.
    const profile = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/profile/',
      headers: squatter.auth,
    });
    expect(profile.json().data.email).toBe(`reclaimed-${squatter.user.id}@reclaimed.invalid`);
    const activity = await server.db.execute(
      sql`select a.action, a.actor_name, a.target_name, a.details from team_activity a
          join workspaces w on w.id = a.workspace_id where w.owner_id = ${squatter.user.id}::uuid`,
    );
    expect((activity as unknown as { rows: unknown[] }).rows).toEqual([
      {
        action: 'account.email_reclaimed',
        actor_name: 'real-owner',
        target_name: squatter.user.username,
        details: { email: address },
      },
    ]);
    const bell = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/notifications/',
      headers: { ...squatter.auth, 'accept-language': 'en' },
    });
    expect(JSON.stringify(bell.json())).toContain(
      `was reclaimed by its verified owner and removed from this account`,
    );
    // Signing in again with GitHub finds the owner's account, linked.
    const again = await startSignIn();
    const second = await exchange(
      github.approve({
        id: 4242,
        login: 'real-owner',
        avatar_url: '',
        emails: [{ email: address, primary: true, verified: true }],
      }),
      again.state,
      again.cookie,
    );
    expect(second.json().data.user.id).toBe(owner.id);
  });

  it("an address changed to the victim's and not confirmed goes back to the victim on their GitHub sign-in", async () => {
    const attacker = await registerUser(server);
    const victim = 'victim-gh@example.com';
    const changed = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/panel/profile/',
      headers: attacker.auth,
      payload: { email: victim },
    });
    expect(changed.json().data).toMatchObject({ email: victim, email_verified: false });
    const flow = await startSignIn();
    const response = await exchange(
      github.approve({
        id: 31337,
        login: 'victim',
        avatar_url: '',
        emails: [{ email: victim, primary: true, verified: true }],
      }),
      flow.state,
      flow.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ email: victim, email_verified: true });
    expect(response.json().data.user.id).not.toBe(attacker.user.id);
  });

  it('uses a state once, only in the browser that started it, and only for 10 minutes', async () => {
    const user = {
      id: 5150,
      login: 'once',
      avatar_url: '',
      emails: [{ email: 'once@example.com', primary: true, verified: true }],
    };
    // Another browser (no cookie, or its own cookie) cannot finish this browser's sign-in.
    const flow = await startSignIn();
    const other = await startSignIn();
    expect(other.cookie).not.toBe(flow.cookie);
    expect((await exchange(github.approve(user), flow.state)).json().code).toBe('github_state');
    const flow2 = await startSignIn();
    expect((await exchange(github.approve(user), flow2.state, other.cookie)).json().code).toBe(
      'github_state',
    );

    // Twice with two different codes: the second is refused.
    const flow3 = await startSignIn();
    const first = await exchange(github.approve(user), flow3.state, flow3.cookie);
    expect(first.statusCode).toBe(200);
    const replay = await exchange(github.approve(user), flow3.state, flow3.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'github_state',
      message: 'The GitHub sign-in link has expired or was tampered with. Please start again.',
    });

    // A browser that already holds a nonce keeps it (two tabs signing in at once both work).
    const tabA = await server.app.inject({
      method: 'GET',
      url: '/api/v1/auth/github/get-endpoint/',
      headers: { cookie: flow3.cookie },
    });
    const tabB = await server.app.inject({
      method: 'GET',
      url: '/api/v1/auth/github/get-endpoint/',
      headers: { cookie: flow3.cookie },
    });
    const stateOf = (r: typeof tabA) => new URL(r.json().data.url).searchParams.get('state')!;
    expect((await exchange(github.approve(user), stateOf(tabA), flow3.cookie)).statusCode).toBe(200);
    expect((await exchange(github.approve(user), stateOf(tabB), flow3.cookie)).statusCode).toBe(200);

    // Expired: the row's lifetime has passed.
    const stale = await startSignIn();
    await server.db.execute(sql`update github_oauth_states set expires_at = now() - interval '1 second'`);
    expect((await exchange(github.approve(user), stale.state, stale.cookie)).json().code).toBe(
      'github_state',
    );
  });

  it('refuses a bad code, a tampered state and an unverified email with clear messages', async () => {
    const one = await startSignIn();
    const bad = await exchange('wrong-code', one.state, one.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'GitHub login failed. Please try again.', code: 'github_failed' });
    const two = await startSignIn();
    const tampered = await exchange('x', `${two.state}x`, two.cookie);
    expect(tampered.json().code).toBe('github_state');
    // Each attempt starts again: a state is used up by the callback that presents it.
    const three = await startSignIn();
    const unverified = await exchange(
      github.approve({
        id: 77,
        login: 'ghost',
        avatar_url: '',
        emails: [{ email: 'g@example.com', primary: true, verified: false }],
      }),
      three.state,
      three.cookie,
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
    // The browser finishing a terminal sign-in never saw the terminal's call: no cookie needed,
    // the session goes only to the loopback listener.
    const response = await exchange(github.approve(user), state);
    expect(response.json().data.cli_redirect).toBe('http://127.0.0.1:53123/callback');
    expect(ok.cookies).toEqual([]);
    expect((await exchange(github.approve(user), state)).json().code).toBe('github_state');
    const evil = await getEndpoint('?redirect_uri=https%3A%2F%2Fevil.example%2Fsteal');
    expect(evil.statusCode).toBe(400);
    expect(evil.json().code).toBe('redirect_not_allowed');
  });
});

describe('GitHub sign-in without configuration', () => {
  it("is not offered, and its start answers a clear 'not configured' error", async () => {
    const plain = await createTestServer();
    try {
      const providers = await plain.app.inject({ method: 'GET', url: '/api/v1/auth/providers/' });
      expect(providers.json()).toEqual({ data: { github: false } });
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
  }, 90_000);
});
