import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

// The service loads when a command runs, so `--help` does not pay for the API client.
const service = () => import('../services/alerts.js');

/** `didban alerts list` and `didban alerts test <channel>` (issue 20). */
export function registerAlerts(program: Command, { t, action, examples }: CommandDeps): void {
  const alerts = program
    .command('alerts')
    .description(t('cmd.alerts'))
    .addHelpText('after', examples(['didban alerts list', 'didban alerts test Slack']));

  alerts
    .command('list')
    .description(t('cmd.alerts.list'))
    .option('--json', t('opt.alerts_list.json'))
    .addHelpText('after', examples(['didban alerts list', 'didban alerts list --json | jq .channels']))
    .action(
      action(async (ctx: Context, flags: { json?: boolean }) => (await service()).listAlerts(ctx, flags)),
    );

  alerts
    .command('test')
    .description(t('cmd.alerts.test'))
    .argument('<channel>', t('arg.alerts_test.channel'))
    .option('--no-wait', t('opt.alerts_test.no_wait'))
    .option('--json', t('opt.alerts_test.json'))
    .addHelpText('after', examples(['didban alerts test Slack', 'didban alerts test 5f0c… --json']))
    .action(
      action(async (ctx: Context, channel: string, flags: { json?: boolean; wait: boolean }) =>
        (await service()).testAlertChannel(ctx, channel, flags),
      ),
    );
}
