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
    .option('--search <text>', 'only scans whose name or targets match this')
    .option(
      '--status <list>',
      'comma-separated: initializing, running, finished, failed, cancelled, scheduled, not_started',
    )
    .option('--page <n>', 'page to show (25 per page; default 1)', positiveInt('--page'))
    .option('--all', 'every page')
    .option(
      '--json',
      'machine-readable output: { results: [{ id, name, asset_group, asset_group_name, asset_groups: [{ id, name }], assets, template_ids, template_tags, status, latest_history, vulnerabilities, created_at }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    )
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
    .option('--name <name>', 'the scan name (default: "bulk scan for" the groups or first hosts)')
    .option('--group <id>', 'scan this asset group (repeatable, or comma-separated)', collect)
    .option('--asset <id>', 'scan this asset (repeatable, or comma-separated); not with --group', collect)
    .option('--template <id>', 'run this template (repeatable, or comma-separated)', collect)
    .option('--tag <tag>', 'run the templates with this tag (repeatable, or comma-separated)', collect)
    .option('--worker-group <id>', 'run on this worker group')
    .option(
      '--dast',
      "a DAST scan: fuzzing templates fuzz the endpoints discovery's crawl found on the assets (the dast gate, for this scan's runs only)",
    )
    .option('--follow', 'follow the run until it ends (exit 0 finished, 1 failed or cancelled)')
    .option('--fail-on <severity>', 'with --follow: exit 1 when the run found open findings at or above this')
    .option(
      '--include-triaged',
      '--fail-on also counts triaged findings (fixed, false_positive, accepted_risk)',
    )
    .option('--timeout <duration>', 'with --follow: stop following after this long (90s, 15m, 2h), exit 3')
    .option(
      '--json',
      'print { scan_id, scan_history_id, name } (with --follow: plus the final status; progress lines go to stderr)',
    )
    .addHelpText(
      'after',
      examples([
        'didban scans start --group 0b9c… --tag exposure,misconfig',
        'didban scans start --name "Nightly" --group 0b9c… --group 7a21… --template git-config-exposure --follow',
        'didban scans start --asset 41f0… --asset 9bc2… --tag cve --json | jq -r .scan_id',
        'didban scans start --group 0b9c… --tag dast --dast --follow   # fuzz the crawled endpoints',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: ScanStartFlags) => (await service()).startScanCommand(ctx, flags)),
    );

  scans
    .command('follow')
    .description(t('cmd.scans.follow'))
    .argument('<scanId>', 'a scan id from `didban scans list`')
    .option('--history <id>', 'the run to follow (default: the latest)')
    .option('--fail-on <severity>', 'exit 1 when the run found open findings at or above this')
    .option(
      '--include-triaged',
      '--fail-on also counts triaged findings (fixed, false_positive, accepted_risk)',
    )
    .option('--timeout <duration>', 'stop following after this long (90s, 15m, 2h), exit 3')
    .addHelpText(
      'after',
      examples([
        'didban scans follow 5e1d…',
        'didban scans follow 5e1d… --history 88a0… | tee scan.log',
        'didban scans follow 5e1d… --fail-on high --timeout 30m   # a CI gate',
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
    .argument('<scanId>', 'a scan id from `didban scans list`')
    .option('--history <id>', 'the run to cancel (default: the latest)')
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
