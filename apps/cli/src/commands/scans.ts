import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { FollowGateFlags, ScanListFlags, ScanStartFlags } from '../services/scans.js';
import { positiveInt } from './parse-flags.js';

// Services load when a command runs, so `--help` does not pay for the API client.
const service = () => import('../services/scans.js');
const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerScans(program: Command, { t, action, examples }: CommandDeps): void {
  const scans = program
    .command('scans')
    .description(t('cmd.scans'))
    .addHelpText(
      'after',
      examples([
        'didban scans list',
        'didban scans start --group 0b9c… --tag exposure --follow',
        'didban scans follow 5e1d…',
      ]),
    );

  scans
    .command('list')
    .description(t('cmd.scans.list'))
    .option('--search <text>', t('opt.scans_list.search'))
    .option('--status <list>', t('opt.scans_list.status'))
    .option('--page <n>', t('opt.scans_list.page'), positiveInt('--page'))
    .option('--all', t('opt.scans_list.all'))
    .option('--json', t('opt.scans_list.json'))
    .addHelpText(
      'after',
      examples([
        'didban scans list',
        'didban scans list --status running,failed',
        'didban scans list --search shop --all --json | jq -r ".results[].id"',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: ScanListFlags) => (await service()).listScansCommand(ctx, flags)),
    );

  scans
    .command('start')
    .description(t('cmd.scans.start'))
    .option('--name <name>', t('opt.scans_start.name'))
    .option('--group <id>', t('opt.scans_start.group'), collect)
    .option('--asset <id>', t('opt.scans_start.asset'), collect)
    .option('--template <id>', t('opt.scans_start.template'), collect)
    .option('--tag <tag>', t('opt.scans_start.tag'), collect)
    .option('--worker-group <id>', t('opt.scans_start.worker_group'))
    .option('--dast', t('opt.scans_start.dast'))
    .option('--follow', t('opt.scans_start.follow'))
    .option('--fail-on <severity>', t('opt.scans_start.fail_on'))
    .option('--include-triaged', t('opt.scans_start.include_triaged'))
    .option('--timeout <duration>', t('opt.scans_start.timeout'))
    .option('--json', t('opt.scans_start.json'))
    .addHelpText(
      'after',
      examples([
        'didban scans start --group 0b9c… --tag exposure,misconfig',
        'didban scans start --name "Nightly" --group 0b9c… --group 7a21… --template git-config-exposure --follow',
        'didban scans start --asset 41f0… --asset 9bc2… --tag cve --json | jq -r .scan_id',
        `didban scans start --group 0b9c… --tag dast --dast --follow   # ${t('ex.fuzz_crawled')}`,
      ]),
    )
    .action(
      action(async (ctx: Context, flags: ScanStartFlags) => (await service()).startScanCommand(ctx, flags)),
    );

  scans
    .command('follow')
    .description(t('cmd.scans.follow'))
    .argument('<scanId>', t('arg.scans_follow.scanId'))
    .option('--history <id>', t('opt.scans_follow.history'))
    .option('--fail-on <severity>', t('opt.scans_follow.fail_on'))
    .option('--include-triaged', t('opt.scans_follow.include_triaged'))
    .option('--timeout <duration>', t('opt.scans_follow.timeout'))
    .addHelpText(
      'after',
      examples([
        'didban scans follow 5e1d…',
        'didban scans follow 5e1d… --history 88a0… | tee scan.log',
        `didban scans follow 5e1d… --fail-on high --timeout 30m   # ${t('ex.ci_gate')}`,
      ]),
    )
    .action(
      action(async (ctx: Context, scanId: string, flags: { history?: string } & FollowGateFlags) =>
        (await service()).followScanCommand(ctx, scanId, flags),
      ),
    );

  scans
    .command('cancel')
    .description(t('cmd.scans.cancel'))
    .argument('<scanId>', t('arg.scans_cancel.scanId'))
    .option('--history <id>', t('opt.scans_cancel.history'))
    .addHelpText(
      'after',
      examples(['didban scans cancel 5e1d…', 'didban scans cancel 5e1d… --history 88a0…']),
    )
    .action(
      action(async (ctx: Context, scanId: string, flags: { history?: string }) =>
        (await service()).cancelScanCommand(ctx, scanId, flags),
      ),
    );
}
