import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

export function registerWhoami(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('whoami')
    .description(t('cmd.whoami'))
    .option('--json', t('opt.whoami.json'))
    .addHelpText('after', examples(['didban whoami', 'didban whoami --json']))
    .action(
      action(async (ctx: Context, flags: { json?: boolean }) => {
        const { whoami } = await import('../services/whoami.js');
        await whoami(ctx, flags);
      }),
    );
}
