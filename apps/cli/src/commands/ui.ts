import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

export function registerUi(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('ui')
    .description(t('cmd.ui'))
    .addHelpText('after', `${examples(['didban ui', 'didban --lang fa ui'])}\n${t('help.ui_keys')}`)
    .action(
      action(async (ctx: Context) => {
        // Ink and React load only here: no other command pays for them.
        const { uiCommand } = await import('../services/ui.js');
        await uiCommand(ctx);
      }),
    );
}
