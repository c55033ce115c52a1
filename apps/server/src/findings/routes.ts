/**
 * The findings lifecycle API (issue 32). Any member reads, comments, assigns, sets a due date and
 * retests; a false positive or an accepted risk needs a reason, and only an owner or admin accepts
 * a risk or changes the SLA (docs/permissions.md). Everything is scoped to the caller's workspace:
 * another workspace's finding answers 404.
 */
import {
  autoRetestInputSchema,
  autoRetestSettingsSchema,
  BULK_TRIAGE_MAX,
  bulkTriageResultSchema,
  bulkTriageSchema,
  envelope,
  findingCommentInputSchema,
  findingCommentSchema,
  findingHistoryEntrySchema,
  findingSummarySchema,
  slaSettingsSchema,
  vulnerabilityDetailSchema,
  vulnerabilityPatchSchema,
} from '@didban/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { vulnerabilities } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { UUID } from '../scans/scan-store.js';
import { findVulnerability, vulnerabilityDetail } from '../scans/vulnerability-detail.js';
import { vulnerabilityFilters, vulnerabilityListQuery } from '../scans/vulnerability-query.js';
import { announceAssignment } from './assign-effects.js';
import { readAutoRetest, saveAutoRetest } from './auto-retest.js';
import { addComment, listComments } from './comments.js';
import { findingHistory } from './history.js';
import { memberByIdOrName } from './members.js';
import { queueRetests } from './retest.js';
import { readSla, saveSla } from './sla.js';
import { findingSummary } from './summary.js';
import { changeAssignee, changeDueDate, changeStatus } from './triage.js';
import { checkStatusChange, parseFindingDate } from './triage-rules.js';

const vulnParams = z.object({ id: z.string().max(100) });

const notMember = () =>
  new HttpError(
    400,
    'validation_error',
    'findings.assignee_not_member',
    {},
    {
      assignee: ['findings.assignee_not_member'],
    },
  );

export function findingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.patch(
      '/panel/vulnerabilities/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Triage: status (with reason and acceptance end), assignee, due date',
          params: vulnParams,
          body: vulnerabilityPatchSchema,
          response: { 200: envelope(vulnerabilityDetailSchema) },
        },
      },
      async (request) => {
        const workspace = currentWorkspace(request);
        const user = currentUser(request);
        const actor = { id: user.id, username: user.username };
        const body = request.body;
        const row = await findVulnerability(db, workspace.id, request.params.id);
        // Every rule is checked before anything is written: a refused change changes nothing.
        const status =
          body.status !== undefined
            ? checkStatusChange({ ...body, status: body.status }, workspace.role)
            : null;
        const assignee =
          body.assignee === undefined
            ? undefined
            : body.assignee === null
              ? null
              : ((await memberByIdOrName(db, workspace.id, body.assignee)) ?? null);
        if (body.assignee && !assignee) throw notMember();
        const due =
          body.due_at === undefined ? undefined : body.due_at === null ? null : parseFindingDate(body.due_at);
        const one = eq(vulnerabilities.id, row.id);
        await db.transaction(async (tx) => {
          if (status && (status.status !== row.status || status.status === 'accepted_risk'))
            await changeStatus(tx, workspace.id, one, status, actor);
          if (assignee !== undefined) {
            const changed = await changeAssignee(tx, workspace.id, one, assignee, actor);
            await announceAssignment(tx, workspace.id, changed, assignee, actor);
          }
          if (due !== undefined) await changeDueDate(tx, workspace.id, row.id, due, actor);
        });
        return { data: await vulnerabilityDetail(db, await findVulnerability(db, workspace.id, row.id)) };
      },
    );

    app.get(
      '/panel/vulnerabilities/:id/history/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Every change of a finding (status, assignee, due date, retest, comment), newest first',
          params: vulnParams,
          response: { 200: envelope(z.array(findingHistoryEntrySchema)) },
        },
      },
      async (request) => {
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        return { data: await findingHistory(db, row) };
      },
    );

    app.get(
      '/panel/vulnerabilities/:id/comments/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'The comment thread of a finding, oldest first',
          params: vulnParams,
          response: { 200: envelope(z.array(findingCommentSchema)) },
        },
      },
      async (request) => {
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        return { data: await listComments(db, row.id) };
      },
    );

    app.post(
      '/panel/vulnerabilities/:id/comments/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Comment on a finding; @username notifies that member',
          params: vulnParams,
          body: findingCommentInputSchema,
          response: { 201: envelope(findingCommentSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        const comment = await db.transaction((tx) =>
          addComment(tx, row, { id: user.id, username: user.username }, request.body.body),
        );
        return reply.code(201).send({ data: comment });
      },
    );

    app.post(
      '/panel/vulnerabilities/bulk/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary:
            'One triage action (status, assignee, retest) on a selection or every finding matching filters',
          body: bulkTriageSchema,
          response: { 200: envelope(bulkTriageResultSchema) },
        },
      },
      async (request) => {
        const workspace = currentWorkspace(request);
        const user = currentUser(request);
        const actor = { id: user.id, username: user.username };
        const { selection, action } = request.body;
        const where = selectionWhere(selection, user.id);
        const [{ n: matched } = { n: 0 }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(vulnerabilities)
          .where(and(eq(vulnerabilities.workspace_id, workspace.id), where));
        if (matched > BULK_TRIAGE_MAX)
          throw new HttpError(400, 'selection_too_big', 'findings.selection_too_big', {
            max: BULK_TRIAGE_MAX,
          });
        if (action.kind === 'status') {
          const change = checkStatusChange(action, workspace.role);
          const changed = await db.transaction((tx) => changeStatus(tx, workspace.id, where, change, actor));
          return { data: { matched, changed: changed.length } };
        }
        if (action.kind === 'assignee') {
          const assignee =
            action.assignee === null ? null : await memberByIdOrName(db, workspace.id, action.assignee);
          if (action.assignee !== null && !assignee) throw notMember();
          const changed = await db.transaction(async (tx) => {
            const rows = await changeAssignee(tx, workspace.id, where, assignee ?? null, actor);
            await announceAssignment(tx, workspace.id, rows, assignee ?? null, actor);
            return rows;
          });
          return { data: { matched, changed: changed.length } };
        }
        const queued = await db.transaction((tx) => queueRetests(tx, workspace.id, where, actor));
        return { data: { matched, changed: queued.length } };
      },
    );

    app.get(
      '/panel/findings/sla/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Days to fix per severity (null = no due date)',
          response: { 200: envelope(slaSettingsSchema) },
        },
      },
      async (request) => ({ data: await readSla(db, currentWorkspace(request).id) }),
    );

    app.patch(
      '/panel/findings/sla/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Change the SLA; due dates that follow it move at once',
          body: slaSettingsSchema,
          response: { 200: envelope(slaSettingsSchema) },
        },
      },
      async (request) => ({
        data: await db.transaction((tx) => saveSla(tx, currentWorkspace(request).id, request.body)),
      }),
    );

    app.get(
      '/panel/findings/auto-retest/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary:
            'Automatic retest of open findings: off, daily or weekly, which severities, last and next run',
          response: { 200: envelope(autoRetestSettingsSchema) },
        },
      },
      async (request) => ({ data: await readAutoRetest(db, currentWorkspace(request).id) }),
    );

    app.patch(
      '/panel/findings/auto-retest/',
      {
        config: { access: 'workspace:admin' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Change the automatic retest; turning it on makes the first run due at once',
          body: autoRetestInputSchema,
          response: { 200: envelope(autoRetestSettingsSchema) },
        },
      },
      async (request) => ({
        data: await db.transaction((tx) => saveAutoRetest(tx, currentWorkspace(request).id, request.body)),
      }),
    );

    app.get(
      '/panel/findings/summary/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'Open findings overdue, due within 7 days, and assigned to the caller',
          response: { 200: envelope(findingSummarySchema) },
        },
      },
      async (request) => ({
        data: await findingSummary(db, currentWorkspace(request).id, currentUser(request).id),
      }),
    );
  };
}

type Selection = z.infer<typeof bulkTriageSchema>['selection'];

/** The selection as a condition on vulnerabilities (the workspace is added by the caller). */
function selectionWhere(selection: Selection, userId: string): SQL {
  if ('ids' in selection) {
    const ids = [...new Set(selection.ids)].filter((id) => UUID.test(id));
    if (ids.length === 0) return sql`false`;
    return inArray(vulnerabilities.id, ids);
  }
  const f = selection.filters;
  const parsed = vulnerabilityListQuery.safeParse({
    ...f,
    overdue: f.overdue === undefined ? undefined : String(f.overdue),
    assignee: f.assignee === 'me' ? userId : f.assignee,
  });
  if (!parsed.success) throw new HttpError(400, 'validation_error', 'validation.invalid_value');
  const conditions = vulnerabilityFilters(parsed.data);
  return conditions.length ? and(...conditions)! : sql`true`;
}
