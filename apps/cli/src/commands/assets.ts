import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { AssetExportFlags, AssetListFlags } from '../services/assets.js';
import { positiveInt } from './parse-flags.js';

const service = () => import('../services/assets.js');
const collect = (value: string, previous: string[] = []) => [...previous, value];

const FILTER_HELP =
  'key=v1,v2 (repeatable); keys: asset_group, status, host, cname, ip, technologies, title, port, gone (true: only assets a re-discovery no longer found), created_at_after, created_at_before';

/** The selection flags `list` and `export` share. */
function selectionFlags(command: Command): Command {
  return command
    .option('--group <id>', 'only assets of this asset group')
    .option('--search <text>', 'only assets matching this text, as the panel search box does')
    .option('--sort <column>', 'ordering, - for descending (default -updated_at)')
    .option('--filter <key=values>', FILTER_HELP, collect);
}

export function registerAssets(program: Command, { t, action, examples }: CommandDeps): void {
  const assets = program
    .command('assets')
    .description(t('cmd.assets'))
    .addHelpText(
      'after',
      examples([
        'didban assets list --filter status=200',
        'didban assets export --format csv --out assets.csv',
      ]),
    );

  selectionFlags(assets.command('list').description(t('cmd.assets.list')))
    .option('--page <n>', 'page to show (25 per page; default 1)', positiveInt('--page'))
    .option('--all', 'every page, printed as it arrives')
    .option(
      '--json',
      'machine-readable output: { results: [{ id, host, port, ip, status, title, cname, content_length, is_root, scanned_count, group, updated_at, created_at, technologies: [{ name, version }] }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    )
    .addHelpText(
      'after',
      examples([
        'didban assets list',
        'didban assets list --group 0b9c… --filter status=200,301 --filter port=443',
        'didban assets list --search api --sort host --all --json | jq -r ".results[].host"',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: AssetListFlags) => (await service()).listAssetsCommand(ctx, flags)),
    );

  selectionFlags(assets.command('export').description(t('cmd.assets.export')))
    .requiredOption('--format <format>', 'csv or json')
    .requiredOption('--out <file>', 'the file to write (replaced if it exists), or - for standard output')
    .addHelpText(
      'after',
      examples([
        'didban assets export --format csv --out assets.csv',
        'didban assets export --format json --out shop.json --group 0b9c… --filter technologies=Nginx',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: AssetExportFlags) =>
        (await service()).exportAssetsCommand(ctx, flags),
      ),
    );
}
