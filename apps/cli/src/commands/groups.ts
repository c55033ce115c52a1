import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { GroupCreateFlags, GroupListFlags } from '../services/groups.js';
import { positiveInt } from './parse-flags.js';

// Services load when a command runs, so `--help` does not pay for the API client.
const service = () => import('../services/groups.js');

export function registerGroups(program: Command, { t, action, examples }: CommandDeps): void {
  const groups = program
    .command('groups')
    .description(t('cmd.groups'))
    .addHelpText(
      'after',
      examples(['didban groups list', 'didban groups create --name Shop --roots shop.example.com']),
    );

  groups
    .command('list')
    .description(t('cmd.groups.list'))
    .option('--search <text>', 'only groups whose name or roots contain this')
    .option('--page <n>', 'page to show (25 per page; default 1)', positiveInt('--page'))
    .option('--all', 'every page')
    .option(
      '--json',
      'machine-readable output: { results: [{ id, name, roots, port_setting, custom_ports, auto_discovery, asset_count, status, last_updated, created_at }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    )
    .addHelpText(
      'after',
      examples([
        'didban groups list',
        'didban groups list --search shop --all',
        'didban groups list --all --json | jq -r ".results[].id"',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: GroupListFlags) => (await service()).listGroupsCommand(ctx, flags)),
    );

  groups
    .command('create')
    .description(t('cmd.groups.create'))
    .requiredOption('--name <name>', 'the group name')
    .requiredOption('--roots <list>', 'root domains, IPs or CIDRs, comma-separated')
    .option('--ports <ports>', 'top-100 (default), top-1000, or a list such as 80,443,8080-8090')
    .option('--no-auto-discovery', 'scan only the roots, without finding subdomains')
    .option('--worker-group <id>', 'run the discovery on this worker group')
    .option('--json', 'print the created group as JSON (the groups list row)')
    .addHelpText(
      'after',
      examples([
        'didban groups create --name Shop --roots "shop.example.com,10.0.0.0/30"',
        'didban groups create --name Lab --roots lab.example.com --ports 80,443,8080-8090 --no-auto-discovery',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: GroupCreateFlags) =>
        (await service()).createGroupCommand(ctx, flags),
      ),
    );

  groups
    .command('rediscover')
    .description(t('cmd.groups.rediscover'))
    .argument('<groupId>', 'a group id from `didban groups list`')
    .addHelpText('after', examples(['didban groups rediscover 0b9c…']))
    .action(
      action(async (ctx: Context, groupId: string) => (await service()).rediscoverGroupCommand(ctx, groupId)),
    );
}
