import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

export function registerUi(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('ui')
    .description(t('cmd.ui'))
    .addHelpText(
      'after',
      `${examples(['didban ui', 'didban --lang fa ui'])}
Keys: ↑↓ move, Enter open a group, Space select assets, a select the page, ←→ pages,
s bulk scan (the selection, else the group), e export (csv/json), q or Esc back, Ctrl+C quit.
`,
    )
    .action(
      action(async (ctx: Context) => {
        // Ink and React load only here: no other command pays for them.
        const { uiCommand } = await import('../services/ui.js');
        await uiCommand(ctx);
      }),
    );
}
