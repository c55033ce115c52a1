import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { ReportFlags } from '../services/report.js';

// The service loads when the command runs, so `--help` does not pay for the API client.
const service = () => import('../services/report.js');

/** `didban report --scan ID|--group ID|--since DATE --format pdf|html --lang fa|en --out FILE` (issue 33). */
export function registerReport(program: Command, { action, examples }: CommandDeps): void {
  program
    .command('report')
    .description(
      'build a PDF or HTML report on the server (a scan’s latest run, an asset group, or the workspace) and save it',
    )
    .option('--scan <id>', 'the latest run of this scan')
    .option('--group <id>', 'this asset group')
    .option('--since <date>', 'findings seen since this date (2026-01-31)')
    .option('--until <date>', 'findings first seen until this date')
    .option('--format <format>', 'pdf or html', 'pdf')
    .option('--lang <lang>', 'language of the report: fa or en (default: the CLI’s)')
    .option('--preset <preset>', 'executive or technical', 'technical')
    .option('--out <file>', 'where to save the file')
    .option('--timeout <seconds>', 'longest wait for the server to build it', '600')
    .option('--json', 'print the report record as JSON')
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
