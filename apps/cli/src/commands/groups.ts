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
    .option('--search <text>', t('opt.groups_list.search'))
    .option('--page <n>', t('opt.groups_list.page'), positiveInt('--page'))
    .option('--all', t('opt.groups_list.all'))
    .option('--json', t('opt.groups_list.json'))
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
    .requiredOption('--name <name>', t('opt.groups_create.name'))
    .requiredOption('--roots <list>', t('opt.groups_create.roots'))
    .option('--ports <ports>', t('opt.groups_create.ports'))
    .option('--no-auto-discovery', t('opt.groups_create.no_auto_discovery'))
    .option('--worker-group <id>', t('opt.groups_create.worker_group'))
    .option('--json', t('opt.groups_create.json'))
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
    .argument('<groupId>', t('arg.groups_rediscover.groupId'))
    .addHelpText('after', examples(['didban groups rediscover 0b9c…']))
    .action(
      action(async (ctx: Context, groupId: string) => (await service()).rediscoverGroupCommand(ctx, groupId)),
    );
}
