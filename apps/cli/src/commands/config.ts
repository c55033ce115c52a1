import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

const service = () => import('../services/config.js');

export function registerConfig(program: Command, { t, action, examples }: CommandDeps): void {
  const config = program
    .command('config')
    .description(t('cmd.config'))
    .addHelpText('after', examples(['didban config show', 'didban config set language fa']));

  config
    .command('show')
    .description(t('cmd.config.show'))
    .option('--json', t('opt.config_show.json'))
    .addHelpText('after', examples(['didban config show', 'didban config show --json']))
    .action(
      action(async (ctx: Context, flags: { json?: boolean }) => (await service()).showConfig(ctx, flags)),
    );

  config
    .command('set')
    .description(t('cmd.config.set'))
    .argument('<key>', t('arg.config_set.key'))
    .argument('<value>', t('arg.config_set.value'))
    .addHelpText(
      'after',
      examples(['didban config set server https://didban.example.com', 'didban config set language fa']),
    )
    .action(
      action(async (ctx: Context, key: string, value: string) =>
        (await service()).setConfig(ctx, key, value),
      ),
    );
}
