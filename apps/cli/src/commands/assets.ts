import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Translate } from '../i18n/translate.js';
import type { CommandDeps } from '../program.js';
import type { AssetExportFlags, AssetListFlags } from '../services/assets.js';
import { positiveInt } from './parse-flags.js';

const service = () => import('../services/assets.js');
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The selection flags `list` and `export` share. */
function selectionFlags(command: Command, t: Translate): Command {
  return command
    .option('--group <id>', t('opt.assets.group'))
    .option('--search <text>', t('opt.assets.search'))
    .option('--sort <column>', t('opt.assets.sort'))
    .option('--filter <key=values>', t('opt.assets.filter'), collect);
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

  selectionFlags(assets.command('list').description(t('cmd.assets.list')), t)
    .option('--page <n>', t('opt.assets_list.page'), positiveInt('--page'))
    .option('--all', t('opt.assets_list.all'))
    .option('--json', t('opt.assets_list.json'))
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

  selectionFlags(assets.command('export').description(t('cmd.assets.export')), t)
    .requiredOption('--format <format>', t('opt.assets_export.format'))
    .requiredOption('--out <file>', t('opt.assets_export.out'))
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
