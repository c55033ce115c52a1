/**
 * `didban vulns retest|assign|comment|accept|bulk` (issue 32): thin wrappers over the findings
 * calls of @didban/core's client. Errors from the server arrive in the caller's language.
 */
import {
  type BulkTriageInput,
  type FindingRetest,
  VULNERABILITY_STATUSES,
  type VulnerabilityStatus,
} from '@didban/core';
import type { Context } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { commaList } from './comma-list.js';
import { notFoundAs } from './not-found.js';
import { requireSession } from './require-session.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type RetestFlags = { wait?: boolean; timeout?: number; json?: boolean };

/** Queue a retest and (unless --no-wait) poll every 2 s until its verdict or the timeout. */
export async function retestCommand(ctx: Context, id: string, flags: RetestFlags): Promise<void> {
  requireSession(ctx);
  const api = ctx.api();
  const queued = await api.findings.retest(id).catch(notFoundAs('error.unknown_vulnerability', id));
  let retest: FindingRetest = queued;
  if (flags.wait !== false) {
    if (!flags.json) ctx.err(ctx.t('triage.retest_queued', { id }));
    const deadline = Date.now() + (flags.timeout ?? 300) * 1000;
    while (retest.status !== 'done' && Date.now() < deadline) {
      await sleep(2000);
      retest = (await api.findings.retests(id)).find((r) => r.id === queued.id) ?? retest;
    }
  }
  if (flags.json) return ctx.json(retest);
  if (retest.status !== 'done') return ctx.out(ctx.t('triage.retest_pending', { id }));
  ctx.out(
    ctx.t('triage.retest_verdict', { id, verdict: retest.verdict, reason: retest.reason ?? '' }).trimEnd(),
  );
}

export async function assignCommand(ctx: Context, id: string, who: string, flags: { json?: boolean }) {
  requireSession(ctx);
  const assignee = who === 'none' ? null : who;
  const vuln = await ctx
    .api()
    .findings.triage(id, { assignee })
    .catch(notFoundAs('error.unknown_vulnerability', id));
  if (flags.json) return ctx.json(vuln);
  ctx.out(
    vuln.assignee
      ? ctx.t('triage.assigned', { id: vuln.id, who: vuln.assignee.username })
      : ctx.t('triage.unassigned', { id: vuln.id }),
  );
}

export async function commentCommand(ctx: Context, id: string, text: string, flags: { json?: boolean }) {
  requireSession(ctx);
  const comment = await ctx
    .api()
    .findings.comment(id, text)
    .catch(notFoundAs('error.unknown_vulnerability', id));
  if (flags.json) return ctx.json(comment);
  ctx.out(ctx.t('triage.commented', { id }));
}

export type AcceptFlags = { reason: string; until?: string; json?: boolean };

export async function acceptCommand(ctx: Context, id: string, flags: AcceptFlags) {
  requireSession(ctx);
  const vuln = await ctx
    .api()
    .findings.triage(id, {
      status: 'accepted_risk',
      reason: flags.reason,
      ...(flags.until ? { accepted_until: flags.until } : {}),
    })
    .catch(notFoundAs('error.unknown_vulnerability', id));
  if (flags.json) return ctx.json(vuln);
  ctx.out(ctx.t('triage.accepted', { id: vuln.id, until: vuln.accepted_until ?? '' }));
}

export type BulkFlags = {
  ids?: string;
  severity?: string;
  status?: string;
  search?: string;
  scan?: string;
  asset?: string;
  overdue?: boolean;
  dueWithin?: number;
  assignee?: string;
  setStatus?: string;
  reason?: string;
  until?: string;
  assign?: string;
  unassign?: boolean;
  retest?: boolean;
  json?: boolean;
};

function bulkAction(flags: BulkFlags): BulkTriageInput['action'] {
  const chosen = [flags.setStatus, flags.assign, flags.unassign, flags.retest].filter(Boolean).length;
  if (chosen !== 1) throw new CliError('triage.bulk_action', {}, EXIT.usage);
  if (flags.retest) return { kind: 'retest' };
  if (flags.assign || flags.unassign)
    return { kind: 'assignee', assignee: flags.unassign ? null : flags.assign! };
  const [status] = commaList(flags.setStatus!, VULNERABILITY_STATUSES, '--set-status') ?? [];
  if (!status || flags.setStatus!.includes(','))
    throw usageError('usage.bad_choice', {
      option: '--set-status',
      value: flags.setStatus,
      allowed: VULNERABILITY_STATUSES.join(', '),
    });
  return {
    kind: 'status',
    status: status as VulnerabilityStatus,
    ...(flags.reason ? { reason: flags.reason } : {}),
    ...(flags.until ? { accepted_until: flags.until } : {}),
  };
}

/** One request: the ids given (--ids a,b) or "all matching" the list filters. */
export async function bulkCommand(ctx: Context, flags: BulkFlags) {
  const action = bulkAction(flags);
  requireSession(ctx);
  const selection: BulkTriageInput['selection'] = flags.ids
    ? {
        ids: flags.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : {
        filters: {
          ...(flags.severity ? { severity: flags.severity } : {}),
          ...(flags.status ? { status: flags.status } : {}),
          ...(flags.search ? { search: flags.search } : {}),
          ...(flags.scan ? { scan: flags.scan } : {}),
          ...(flags.asset ? { asset: flags.asset } : {}),
          ...(flags.overdue ? { overdue: true } : {}),
          ...(flags.dueWithin !== undefined ? { due_within: flags.dueWithin } : {}),
          ...(flags.assignee ? { assignee: flags.assignee } : {}),
        },
      };
  const result = await ctx.api().findings.bulk({ selection, action });
  if (flags.json) return ctx.json(result);
  ctx.out(ctx.t('triage.bulk_done', result));
}
