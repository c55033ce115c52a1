import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { VulnListFlags } from '../services/vulns.js';
import { positiveInt } from './parse-flags.js';

const service = () => import('../services/vulns.js');

export function registerVulns(program: Command, { t, action, examples }: CommandDeps): void {
  const vulns = program
    .command('vulns')
    .description(t('cmd.vulns'))
    .addHelpText(
      'after',
      examples([
        'didban vulns list --severity high,critical',
        'didban vulns list --scan 5e1d… --fail-on high',
      ]),
    );

  vulns
    .command('list')
    .description(t('cmd.vulns.list'))
    .option('--scan <id>', 'only what this scan found')
    .option('--asset <id>', 'only findings on this asset')
    .option('--severity <list>', 'comma-separated: critical, high, medium, low, info, unknown')
    .option('--status <list>', 'comma-separated: open, in_progress, fixed, false_positive, accepted_risk')
    .option('--search <text>', 'only findings whose template, host or URL contain this')
    .option('--page <n>', 'page to show (25 per page; default 1)', positiveInt('--page'))
    .option('--all', 'every page')
    .option(
      '--fail-on <severity>',
      'exit 1 when an open or in_progress listed vulnerability (on any page) is at or above: info, low, medium, high, critical',
    )
    .option(
      '--include-triaged',
      '--fail-on also counts fixed, false_positive and accepted_risk (default: only open and in_progress)',
    )
    .option('--sarif <file>', 'also write the listed vulnerabilities as SARIF 2.1.0 (GitHub code scanning)')
    .option('--jsonl', 'one JSON object per vulnerability and line, same fields as --json')
    .option('--csv', 'CSV with a header line (spreadsheet-safe cells)')
    .option(
      '--json',
      'machine-readable output: { results: [{ id, template_id, template_name, severity, matcher_name, status, asset, host, port, matched_at, scan, scan_history, first_seen_at, last_seen_at, fixed_at, reopened_count }], result_count, total_pages, current_page, next_page } (--all: { results, result_count })',
    )
    .addHelpText(
      'after',
      examples([
        'didban vulns list',
        'didban vulns list --severity high,critical --status open,in_progress',
        'didban vulns list --scan 5e1d… --status open --fail-on high   # a CI gate',
        'didban vulns list --all --json | jq -r ".results[] | [.severity, .matched_at] | @tsv"',
        'didban vulns list --all --jsonl > findings.jsonl   # streamed: flat memory at any size',
        'didban vulns list --all --csv > findings.csv',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: VulnListFlags) => (await service()).listVulnsCommand(ctx, flags)),
    );

  vulns
    .command('set-status')
    .description(t('cmd.vulns.set_status'))
    .argument('<id>', 'a vulnerability id from `didban vulns list`')
    .argument('<status>', 'open, in_progress, fixed, false_positive or accepted_risk')
    .addHelpText(
      'after',
      examples(['didban vulns set-status 3f9a… in_progress', 'didban vulns set-status 3f9a… false_positive']),
    )
    .action(
      action(async (ctx: Context, id: string, status: string) =>
        (await service()).setVulnStatusCommand(ctx, id, status),
      ),
    );
}
