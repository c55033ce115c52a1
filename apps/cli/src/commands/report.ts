import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { ReportFlags } from '../services/report.js';

// The service loads when the command runs, so `--help` does not pay for the API client.
const service = () => import('../services/report.js');

/** `didban report --scan ID|--group ID|--since DATE --format pdf|html --lang fa|en --out FILE` (issue 33). */
export function registerReport(program: Command, { t, action, examples }: CommandDeps): void {
  program
    .command('report')
    .description(t('cmd.report'))
    .option('--scan <id>', t('opt.report.scan'))
    .option('--group <id>', t('opt.report.group'))
    .option('--since <date>', t('opt.report.since'))
    .option('--until <date>', t('opt.report.until'))
    .option('--format <format>', t('opt.report.format'), 'pdf')
    .option('--lang <lang>', t('opt.report.lang'))
    .option('--preset <preset>', t('opt.report.preset'), 'technical')
    .option('--out <file>', t('opt.report.out'))
    .option('--timeout <seconds>', t('opt.report.timeout'), '600')
    .option('--json', t('opt.report.json'))
    .addHelpText(
      'after',
      examples([
        'didban report --scan 5f0c… --format pdf --lang fa --out report.pdf',
        'didban report --group 8a1d… --preset executive --lang en --out group.html --format html',
        'didban report --since 2026-01-01 --out january.pdf',
      ]),
    )
    .action(action(async (ctx: Context, flags: ReportFlags) => (await service()).createReport(ctx, flags)));
}
