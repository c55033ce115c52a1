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
    .option('--scan <id>', t('opt.vulns_list.scan'))
    .option('--asset <id>', t('opt.vulns_list.asset'))
    .option('--severity <list>', t('opt.vulns_list.severity'))
    .option('--status <list>', t('opt.vulns_list.status'))
    .option('--search <text>', t('opt.vulns_list.search'))
    .option('--page <n>', t('opt.vulns_list.page'), positiveInt('--page'))
    .option('--all', t('opt.vulns_list.all'))
    .option('--fail-on <severity>', t('opt.vulns_list.fail_on'))
    .option('--include-triaged', t('opt.vulns_list.include_triaged'))
    .option('--sarif <file>', t('opt.vulns_list.sarif'))
    .option('--jsonl', t('opt.vulns_list.jsonl'))
    .option('--csv', t('opt.vulns_list.csv'))
    .option('--json', t('opt.vulns_list.json'))
    .addHelpText(
      'after',
      examples([
        'didban vulns list',
        'didban vulns list --severity high,critical --status open,in_progress',
        `didban vulns list --scan 5e1d… --status open --fail-on high   # ${t('ex.ci_gate')}`,
        'didban vulns list --all --json | jq -r ".results[] | [.severity, .matched_at] | @tsv"',
        `didban vulns list --all --jsonl > findings.jsonl   # ${t('ex.streamed')}`,
        'didban vulns list --all --csv > findings.csv',
      ]),
    )
    .action(
      action(async (ctx: Context, flags: VulnListFlags) => (await service()).listVulnsCommand(ctx, flags)),
    );

  vulns
    .command('set-status')
    .description(t('cmd.vulns.set_status'))
    .argument('<id>', t('arg.vulns_set_status.id'))
    .argument('<status>', t('arg.vulns_set_status.status'))
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
