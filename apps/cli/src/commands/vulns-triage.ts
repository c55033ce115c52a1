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
    .argument('<id>', 'a vulnerability id from `didban vulns list`')
    .option('--no-wait', 'queue it and return at once')
    .option('--timeout <seconds>', 'longest wait for the verdict (default 300)', positiveInt('--timeout'))
    .option(
      '--json',
      'print the retest: { id, status, verdict, reason, evidence: [{ kind, request, response }] }',
    )
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
    .argument('<id>', 'a vulnerability id')
    .argument('<member>', 'a username or user id of the workspace, or `none`')
    .option('--json', 'print the vulnerability')
    .addHelpText('after', examples(['didban vulns assign 3f9a… alice', 'didban vulns assign 3f9a… none']))
    .action(
      action(async (ctx: Context, id: string, who: string, flags: { json?: boolean }) =>
        (await service()).assignCommand(ctx, id, who, flags),
      ),
    );

  vulns
    .command('comment')
    .description(t('cmd.vulns.comment'))
    .argument('<id>', 'a vulnerability id')
    .argument('<text>', 'the comment; @username mentions a member')
    .option('--json', 'print the comment')
    .addHelpText('after', examples(['didban vulns comment 3f9a… "@alice fixed in the next release?"']))
    .action(
      action(async (ctx: Context, id: string, text: string, flags: { json?: boolean }) =>
        (await service()).commentCommand(ctx, id, text, flags),
      ),
    );

  vulns
    .command('accept')
    .description(t('cmd.vulns.accept'))
    .argument('<id>', 'a vulnerability id')
    .requiredOption('--reason <text>', 'why the risk is accepted (required)')
    .option(
      '--until <date>',
      'when the acceptance ends and the finding reopens (YYYY-MM-DD; default 90 days)',
    )
    .option('--json', 'print the vulnerability')
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
    .option('--ids <list>', 'comma-separated vulnerability ids (else every finding matching the filters)')
    .option('--severity <list>', 'filter: critical, high, medium, low, info, unknown')
    .option('--status <list>', 'filter: open, in_progress, fixed, false_positive, accepted_risk')
    .option('--search <text>', 'filter: template, host or URL contain this')
    .option('--scan <id>', 'filter: what this scan found')
    .option('--asset <id>', 'filter: findings on this asset')
    .option('--overdue', 'filter: open findings past their due date')
    .option(
      '--due-within <days>',
      'filter: open findings due within this many days',
      positiveInt('--due-within'),
    )
    .option('--assignee <who>', 'filter: a member id, `me` or `none`')
    .option('--set-status <status>', 'action: open, in_progress, fixed, false_positive or accepted_risk')
    .option('--reason <text>', 'the reason a false positive or an accepted risk needs')
    .option('--until <date>', 'end of an acceptance (YYYY-MM-DD)')
    .option('--assign <member>', 'action: assign to this username or id')
    .option('--unassign', 'action: assign to nobody')
    .option('--retest', 'action: queue a retest of each')
    .option('--json', 'print { matched, changed }')
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
