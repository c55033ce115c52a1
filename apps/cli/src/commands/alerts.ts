import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';

// The service loads when a command runs, so `--help` does not pay for the API client.
const service = () => import('../services/alerts.js');

/** `didban alerts list` and `didban alerts test <channel>` (issue 20). */
export function registerAlerts(program: Command, { action, examples }: CommandDeps): void {
  const alerts = program
    .command('alerts')
    .description('alert channels, rules and deliveries of the current workspace')
    .addHelpText('after', examples(['didban alerts list', 'didban alerts test Slack']));

  alerts
    .command('list')
    .description('channels (secrets masked) with their last delivery, and rules')
    .option('--json', 'machine-readable output: { channels: [...], rules: [...] } as the API answers them')
    .addHelpText('after', examples(['didban alerts list', 'didban alerts list --json | jq .channels']))
    .action(
      action(async (ctx: Context, flags: { json?: boolean }) => (await service()).listAlerts(ctx, flags)),
    );

  alerts
    .command('test')
    .description('send a test message to a channel (by id or name) and wait for its outcome')
    .argument('<channel>', 'the channel id or name')
    .option('--no-wait', 'only queue it')
    .option('--json', 'print the delivery as JSON')
    .addHelpText('after', examples(['didban alerts test Slack', 'didban alerts test 5f0c… --json']))
    .action(
      action(async (ctx: Context, channel: string, flags: { json?: boolean; wait: boolean }) =>
        (await service()).testAlertChannel(ctx, channel, flags),
      ),
    );
}
