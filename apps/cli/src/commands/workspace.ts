import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

// Services load when a command runs, so `--help` does not pay for the API client.
const service = () => import('../services/workspaces.js');

export function registerWorkspace(program: Command, { t, action, examples }: CommandDeps): void {
  const workspace = program
    .command('workspace')
    .description(t('cmd.workspace'))
    .addHelpText('after', examples(['didban workspace list', 'didban workspace use personal']));

  workspace
    .command('list')
    .description(t('cmd.workspace.list'))
    .option('--json', t('opt.workspace_list.json'))
    .addHelpText(
      'after',
      examples(['didban workspace list', 'didban workspace list --json | jq -r ".results[].id"']),
    )
    .action(
      action(async (ctx: Context, flags: { json?: boolean }) =>
        (await service()).listWorkspacesCommand(ctx, flags),
      ),
    );

  workspace
    .command('use')
    .description(t('cmd.workspace.use'))
    .argument('<id>', t('arg.workspace_use.id'))
    .addHelpText('after', examples(['didban workspace use personal', 'didban workspace use 0b9c…']))
    .action(action(async (ctx: Context, id: string) => (await service()).useWorkspace(ctx, id)));
}
