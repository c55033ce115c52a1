import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

export function registerLogout(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('logout')
    .description(t('cmd.logout'))
    .addHelpText('after', examples(['didban logout']))
    .action(
      action(async (ctx: Context) => {
        const { logout } = await import('../services/session.js');
        await logout(ctx);
      }),
    );
}
