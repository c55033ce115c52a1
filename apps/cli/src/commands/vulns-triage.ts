import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { AcceptFlags, BulkFlags, RetestFlags } from '../services/vulns-triage.js';
import { positiveInt } from './parse-flags.js';

const service = () => import('../services/vulns-triage.js');

/** The findings lifecycle under `didban vulns` (issue 32): retest, assign, comment, accept, bulk. */
export function registerVulnsTriage(vulns: Command, { t, action, examples }: CommandDeps): void {
  vulns
    .command('retest')
    .description(t('cmd.vulns.retest'))
    .argument('<id>', t('arg.vulns_retest.id'))
    .option('--no-wait', t('opt.vulns_retest.no_wait'))
    .option('--timeout <seconds>', t('opt.vulns_retest.timeout'), positiveInt('--timeout'))
    .option('--json', t('opt.vulns_retest.json'))
    .addHelpText(
      'after',
      examples(['didban vulns retest 3f9a…', 'didban vulns retest 3f9a… --no-wait --json']),
    )
    .action(
      action(async (ctx: Context, id: string, flags: RetestFlags) =>
        (await service()).retestCommand(ctx, id, flags),
      ),
    );

  vulns
    .command('assign')
    .description(t('cmd.vulns.assign'))
    .argument('<id>', t('arg.vulns_assign.id'))
    .argument('<member>', t('arg.vulns_assign.member'))
    .option('--json', t('opt.vulns_assign.json'))
    .addHelpText('after', examples(['didban vulns assign 3f9a… alice', 'didban vulns assign 3f9a… none']))
    .action(
      action(async (ctx: Context, id: string, who: string, flags: { json?: boolean }) =>
        (await service()).assignCommand(ctx, id, who, flags),
      ),
    );

  vulns
    .command('comment')
    .description(t('cmd.vulns.comment'))
    .argument('<id>', t('arg.vulns_comment.id'))
    .argument('<text>', t('arg.vulns_comment.text'))
    .option('--json', t('opt.vulns_comment.json'))
    .addHelpText('after', examples(['didban vulns comment 3f9a… "@alice fixed in the next release?"']))
    .action(
      action(async (ctx: Context, id: string, text: string, flags: { json?: boolean }) =>
        (await service()).commentCommand(ctx, id, text, flags),
      ),
    );

  vulns
    .command('accept')
    .description(t('cmd.vulns.accept'))
    .argument('<id>', t('arg.vulns_accept.id'))
    .requiredOption('--reason <text>', t('opt.vulns_accept.reason'))
    .option('--until <date>', t('opt.vulns_accept.until'))
    .option('--json', t('opt.vulns_accept.json'))
    .addHelpText(
      'after',
      examples(['didban vulns accept 3f9a… --reason "internal only, WAF rule 12" --until 2027-03-31']),
    )
    .action(
      action(async (ctx: Context, id: string, flags: AcceptFlags) =>
        (await service()).acceptCommand(ctx, id, flags),
      ),
    );

  vulns
    .command('bulk')
    .description(t('cmd.vulns.bulk'))
    .option('--ids <list>', t('opt.vulns_bulk.ids'))
    .option('--severity <list>', t('opt.vulns_bulk.severity'))
    .option('--status <list>', t('opt.vulns_bulk.status'))
    .option('--search <text>', t('opt.vulns_bulk.search'))
    .option('--scan <id>', t('opt.vulns_bulk.scan'))
    .option('--asset <id>', t('opt.vulns_bulk.asset'))
    .option('--overdue', t('opt.vulns_bulk.overdue'))
    .option('--due-within <days>', t('opt.vulns_bulk.due_within'), positiveInt('--due-within'))
    .option('--assignee <who>', t('opt.vulns_bulk.assignee'))
    .option('--set-status <status>', t('opt.vulns_bulk.set_status'))
    .option('--reason <text>', t('opt.vulns_bulk.reason'))
    .option('--until <date>', t('opt.vulns_bulk.until'))
    .option('--assign <member>', t('opt.vulns_bulk.assign'))
    .option('--unassign', t('opt.vulns_bulk.unassign'))
    .option('--retest', t('opt.vulns_bulk.retest'))
    .option('--json', t('opt.vulns_bulk.json'))
    .addHelpText(
      'after',
      examples([
        'didban vulns bulk --severity info --status open --set-status false_positive --reason "scanner noise"',
        'didban vulns bulk --overdue --assign alice',
        'didban vulns bulk --ids 3f9a…,8c21… --retest',
      ]),
    )
    .action(action(async (ctx: Context, flags: BulkFlags) => (await service()).bulkCommand(ctx, flags)));
}
