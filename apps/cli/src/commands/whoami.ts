import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import { whoami } from '../services/whoami.js';

export function registerWhoami(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('whoami')
    .description(t('cmd.whoami'))
    .option('--json', 'machine-readable output')
    .addHelpText('after', examples(['didban whoami', 'didban whoami --json']))
    .action(action((ctx: Context, flags: { json?: boolean }) => whoami(ctx, flags)));
}
