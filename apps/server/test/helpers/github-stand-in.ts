import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInUser = {
  id: number;
  login: string;
  avatar_url: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for GitHub's OAuth endpoints that speaks their protocol: the authorize page
 * redirects back with `code` and `state`; `POST /login/oauth/access_token` answers JSON (or an
 * `error` member for a bad code, with status 200 as GitHub does); `/user` and `/user/emails`
 * need the bearer token.
 */
export async function startGithubStandIn(options: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, StandInUser>();
  const tokens = new Map<string, StandInUser>();
  const seen: Array<{ path: string; body?: unknown }> = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const raw = await readBody(req);
      const body = req.headers['content-type']?.includes('json')
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw));
      seen.push({ path: url.pathname, body });
      if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
        return json(200, { error: 'incorrect_client_credentials' });
      }
      const user = codes.get(body.code);
      if (!user)
        return json(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
      codes.delete(body.code);
      const token = `gho_${Math.random().toString(36).slice(2)}`;
      tokens.set(token, user);
      return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (url.pathname === '/user' || url.pathname === '/user/emails') {
      seen.push({ path: url.pathname });
      if (!user) return json(401, { message: 'Requires authentication' });
      if (url.pathname === '/user')
        return json(200, { id: user.id, login: user.login, avatar_url: user.avatar_url });
      return json(200, user.emails);
    }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GITHUB_CLIENT_ID: options.clientId,
      GITHUB_CLIENT_SECRET: options.clientSecret,
      GITHUB_AUTHORIZE_URL: `${base}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${base}/login/oauth/access_token`,
      GITHUB_API_URL: base,
    },
    /** What GitHub would do when this user approves: hand out a one-time code. */
    approve(user: StandInUser): string {
      const code = `code_${Math.random().toString(36).slice(2)}`;
      codes.set(code, user);
      return code;
    },
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
