import { z } from 'zod';

export type GithubConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
};

export type GithubIdentity = { id: string; login: string; avatarUrl: string | null; email: string | null };

const tokenAnswer = z.union([
  z.object({ access_token: z.string().min(1) }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);
const userAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  avatar_url: z.string().nullable().optional(),
});
const emailsAnswer = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

export class GithubExchangeError extends Error {}

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new GithubExchangeError(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * GitHub's OAuth web flow as documented: redirect to the authorize URL; exchange the code at the
 * token URL (JSON with `Accept: application/json`); read `/user` and `/user/emails` with the token.
 */
export function createGithubClient(config: GithubConfig) {
  return {
    authorizeUrl(redirectUri: string, state: string): string {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'read:user user:email');
      url.searchParams.set('state', state);
      url.searchParams.set('allow_signup', 'true');
      return url.toString();
    },

    async identify(code: string, redirectUri: string): Promise<GithubIdentity> {
      const token = tokenAnswer.parse(
        await fetchJson(config.tokenUrl, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            client_id: config.clientId,
            client_secret: config.clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
        }),
      );
      if (!('access_token' in token)) throw new GithubExchangeError(`token exchange refused: ${token.error}`);
      const headers = {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${token.access_token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'didban',
      };
      const user = userAnswer.parse(await fetchJson(`${config.apiUrl}/user`, { headers }));
      const emails = emailsAnswer.parse(await fetchJson(`${config.apiUrl}/user/emails`, { headers }));
      const email = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      return {
        id: String(user.id),
        login: user.login,
        avatarUrl: user.avatar_url ?? null,
        email: email?.email ?? null,
      };
    },
  };
}
