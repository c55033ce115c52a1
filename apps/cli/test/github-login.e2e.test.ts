import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubStandIn } from '../../server/test/helpers/github-stand-in.js';
import { run } from '../src/run.js';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let server: Awaited<ReturnType<typeof startLiveServer>>;
let configDir: string;
let env: Record<string, string>;

const octocat = {
  id: 583231,
  login: 'octocat',
  avatar_url: 'https://avatars.example/u/583231',
  emails: [{ email: 'octo@example.com', primary: true, verified: true }],
};

beforeAll(async () => {
  github = await startGithubStandIn({ clientId: 'Iv1.didban', clientSecret: 'shh' });
  server = await startLiveServer(github.env);
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-github-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  await server?.close();
  await github?.close();
  rmSync(configDir, { recursive: true, force: true });
});

/**
 * What the user's browser does with the authorize URL: GitHub approves and returns a code to
 * the panel's callback page, which exchanges it (as apps/web's github-callback-page does) and
 * then goes to `cli_redirect` with the token. Returns the page the terminal's listener answered.
 */
async function actAsBrowser(authorizeUrl: string, tokenParam = 'token') {
  const state = new URL(authorizeUrl).searchParams.get('state')!;
  const exchange = await fetch(`${server.url}/api/v1/auth/github/callback/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ code: github.approve(octocat), state }),
  });
  const session = (await exchange.json()).data as { access: string; cli_redirect?: string };
  const target = new URL(session.cli_redirect!);
  target.searchParams.set(tokenParam, session.access);
  const page = await fetch(target);
  return { status: page.status, text: await page.text(), cliRedirect: session.cli_redirect! };
}

describe('didban login --github', () => {
  it('opens the browser and receives the session on a one-shot loopback listener', async () => {
    let browser: Awaited<ReturnType<typeof actAsBrowser>> | undefined;
    const result = await run(['login', '--github'], {
      env,
      openUrl: async (url) => {
        // Like `open`: returns at once while the browser goes on by itself.
        void actAsBrowser(url, 'access').then((b) => {
          browser = b;
        });
      },
    });
    expect(result.stdout).toBe(`Signed in to ${server.url} as octocat (octo@example.com).\n`);
    expect(result.exitCode).toBe(0);
    expect(browser).toMatchObject({ status: 200 });
    expect(browser!.text).toContain('Signed in. You can close this tab and return to the terminal.');
    // The listener is on loopback with a random path, and closed after the handoff.
    expect(browser!.cliRedirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\/[0-9a-f]{32}$/);
    await expect(fetch(browser!.cliRedirect)).rejects.toThrow();
  });

  it('works from the real binary without a browser: the link is printed, the panel hands back `token`', async () => {
    let handed: Promise<unknown> | undefined;
    const result = await runBinary(['login', '--github', '--no-browser'], env, {
      onStderr: (stderr) => {
        const url = stderr.match(/^(http\S+)$/m)?.[1];
        if (url && !handed) handed = actAsBrowser(url);
      },
    });
    expect(result.stderr).toMatch(
      /^Opening GitHub sign-in in your browser\. If it does not open, visit:\nhttp:\/\/127\.0\.0\.1:\d+\/login\/oauth\/authorize\?\S+\n$/,
    );
    expect(result).toMatchObject({
      exitCode: 0,
      stdout: `Signed in to ${server.url} as octocat (octo@example.com).\n`,
    });
    const whoami = await runBinary(['whoami', '--json'], env);
    expect(JSON.parse(whoami.stdout).user).toMatchObject({ username: 'octocat', email: 'octo@example.com' });
  });

  it('gives up with one line when the browser never comes back', async () => {
    const result = await run(['login', '--github', '--timeout', '1'], { env, openUrl: async () => {} });
    expect(result.exitCode).toBe(3);
    expect(result.stderr.split('\n').at(-2)).toBe(
      'No answer from the browser within 1 seconds. Run didban login --github again.',
    );
  });
});
