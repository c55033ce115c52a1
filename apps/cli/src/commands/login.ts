import type { Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { readAll } from '../io.js';
import type { CommandDeps } from '../program.js';
import { positiveInt } from './parse-flags.js';

type LoginFlags = {
  username?: string;
  email?: string;
  passwordStdin?: boolean;
  token?: string;
  github?: boolean;
  browser: boolean;
  timeout: number;
};

export function registerLogin(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('login')
    .description(t('cmd.login'))
    .option('--username <name>', t('opt.login.username'))
    .option('--email <email>', t('opt.login.email'))
    .option('--password-stdin', t('opt.login.password_stdin'))
    .option('--token <token>', t('opt.login.token'))
    .option('--github', t('opt.login.github'))
    .option('--no-browser', t('opt.login.no_browser'))
    .option('--timeout <seconds>', t('opt.login.timeout'), positiveInt('--timeout'), 300)
    .addHelpText(
      'after',
      examples([
        'didban login --server https://didban.example.com',
        'printf %s "$PASSWORD" | didban login --username sara --email sara@example.com --password-stdin',
        'printf %s "$DIDBAN_TOKEN" | didban login --token -',
        'didban login --github --no-browser',
      ]),
    )
    .action(action((ctx: Context, flags: LoginFlags) => login(ctx, flags)));
}

async function login(ctx: Context, flags: LoginFlags): Promise<void> {
  const byPassword =
    flags.username !== undefined || flags.email !== undefined || flags.passwordStdin === true;
  const ways = [byPassword, flags.token !== undefined, flags.github === true].filter(Boolean).length;
  if (ways > 1) throw usageError('usage.login_conflict');

  if (flags.token !== undefined) {
    const token = flags.token === '-' ? firstLine(await readAll(ctx.io.stdin)) : flags.token;
    const { loginWithToken } = await import('../services/session.js');
    return loginWithToken(ctx, token);
  }
  if (flags.github) {
    const { loginWithGithub } = await import('../services/github-login.js');
    return loginWithGithub(ctx, { openBrowser: flags.browser, timeoutSeconds: flags.timeout });
  }

  const { prompt } = ctx.io;
  const canAsk = prompt !== undefined && ctx.io.stdin.isTTY === true;
  if (flags.passwordStdin && ctx.io.stdin.isTTY) throw usageError('usage.password_stdin_tty');
  const missing = [
    flags.username === undefined && '--username',
    flags.email === undefined && '--email',
    !flags.passwordStdin && '--password-stdin',
  ].filter((f): f is string => typeof f === 'string');
  if (missing.length > 0 && !canAsk)
    throw usageError('usage.login_needs_tty', { fields: missing.join(', ') });

  const ask = (key: Parameters<typeof ctx.t>[0], hidden = false) => prompt!(ctx.t(key), { hidden });
  const username = flags.username ?? (await ask('login.prompt_username'));
  const email = flags.email ?? (await ask('login.prompt_email'));
  const password = flags.passwordStdin
    ? firstLine(await readAll(ctx.io.stdin))
    : await ask('login.prompt_password', true);
  const { loginWithPassword } = await import('../services/session.js');
  await loginWithPassword(ctx, { username, email, password });
}

/** Secrets piped in usually end with a newline that is not part of them. */
function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}
