import type { Context } from '../context.js';
import { startGithubHandoff } from './github-handoff.js';
import { loginWithHandedToken } from './session.js';

/** `didban login --github`: see github-handoff.ts for the browser round trip. */
export async function loginWithGithub(
  ctx: Context,
  options: { openBrowser: boolean; timeoutSeconds: number },
): Promise<void> {
  const handoff = await startGithubHandoff({
    timeoutMs: options.timeoutSeconds * 1000,
    page: { ok: ctx.t('login.github_page_ok'), failed: ctx.t('login.github_page_failed') },
  });
  try {
    const { url } = await ctx
      .api({ token: undefined, workspace: undefined })
      .auth.githubEndpoint(handoff.redirectUri);
    // Printed either way: over SSH there is no browser to open, and the user copies the link.
    ctx.err(ctx.t('login.github_open', { url }));
    if (options.openBrowser) await ctx.io.openUrl(url).catch(() => {});
    const token = await handoff.token;
    await loginWithHandedToken(ctx, token);
  } finally {
    await handoff.close();
  }
}
