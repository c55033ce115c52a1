import {
  envelope,
  templateRunSchema,
  templateScanNowResponseSchema,
  templateScanNowSchema,
} from '@didban/core';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { assertWithinLimit } from '../billing/limits.js';
import type { Db } from '../db/database.js';
import { tasks, templateRunFindings, templateRuns } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { cancelTask, enqueueTask } from '../queue/queue.js';
import { presentRun } from './present-run.js';
import { checkTargets, resolveRunTemplates } from './resolve-run-templates.js';
import { TEMPLATE_RUN_KIND } from './template-run-kind.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const runParams = z.object({ id: z.string().max(100) });
/** Findings shown per run; a one-off run over a handful of targets stays far below it. */
const FINDINGS_SHOWN = 500;

/** The run of this workspace with its task, or 404 (another workspace's id included). */
async function loadRun(db: Db, workspaceId: string, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select({ run: templateRuns, task: { status: tasks.status, started_at: tasks.started_at } })
    .from(templateRuns)
    .leftJoin(tasks, eq(tasks.id, templateRuns.task_id))
    .where(and(eq(templateRuns.id, id), eq(templateRuns.workspace_id, workspaceId)));
  if (!row) throw notFound();
  const findings = await db
    .select()
    .from(templateRunFindings)
    .where(eq(templateRunFindings.run_id, row.run.id))
    .orderBy(asc(templateRunFindings.found_at), asc(templateRunFindings.id))
    .limit(FINDINGS_SHOWN);
  return presentRun(row.run, row.task?.status ? row.task : null, findings);
}

/**
 * Scan now (spec §2 /templates): a one-off run of saved templates and/or the editor's YAML on
 * the targets the user typed, as a 'template-run' task on the workspace's workers (or the
 * built-in one). Every member may run and cancel, as with the workspace's other scans
 * (docs/permissions.md); another workspace's run ids answer 404.
 */
export function templateRunRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/panel/templates/scan-now/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'Run templates (saved ids and/or unsaved YAML) once on the given targets',
          body: templateScanNowSchema,
          response: { 201: envelope(templateScanNowResponseSchema) },
        },
      },
      async (request, reply) => {
        const workspaceId = currentWorkspace(request).id;
        const targets = checkTargets(request.body.targets);
        const resolved = await resolveRunTemplates(
          db,
          workspaceId,
          request.body.template_ids ?? [],
          request.body.yaml,
        );
        const runId = await db.transaction(async (tx) => {
          // A one-off run is a scan like any other: it counts against the monthly plan limit.
          await assertWithinLimit(tx, workspaceId, 'scans', 1);
          const [run] = await tx
            .insert(templateRuns)
            .values({
              workspace_id: workspaceId,
              template_ids: resolved.map((t) => t.id),
              targets,
              created_by: currentUser(request).id,
            })
            .returning({ id: templateRuns.id });
          const task = await enqueueTask(tx, {
            kind: TEMPLATE_RUN_KIND,
            workspaceId,
            // A one-off run is not worth re-running from the start on a second worker.
            maxAttempts: 2,
            payload: { run_id: run!.id, templates: resolved, targets, options: {} },
          });
          await tx.update(templateRuns).set({ task_id: task.id }).where(eq(templateRuns.id, run!.id));
          return run!.id;
        });
        return reply.status(201).send({ data: { run_id: runId } });
      },
    );

    app.get(
      '/panel/templates/runs/:id/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'A run: status, counts, findings with request and response evidence',
          params: runParams,
          response: { 200: envelope(templateRunSchema) },
        },
      },
      async (request) => ({ data: await loadRun(db, currentWorkspace(request).id, request.params.id) }),
    );

    app.post(
      '/panel/templates/runs/:id/cancel/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['templates'],
          summary: 'Cancel a queued or running run; its worker stops at the next heartbeat',
          params: runParams,
          response: { 200: envelope(templateRunSchema) },
        },
      },
      async (request) => {
        const workspaceId = currentWorkspace(request).id;
        const current = await loadRun(db, workspaceId, request.params.id);
        if (current.status !== 'queued' && current.status !== 'running')
          throw new HttpError(409, 'run_finished', 'templates.run_finished');
        await db.transaction(async (tx) => {
          const [run] = await tx
            .update(templateRuns)
            .set({ outcome: 'cancelled', finished_at: new Date(), updated_at: new Date() })
            .where(and(eq(templateRuns.id, current.id), eq(templateRuns.workspace_id, workspaceId)))
            .returning({ task_id: templateRuns.task_id });
          if (run?.task_id) await cancelTask(tx, run.task_id);
        });
        return { data: await loadRun(db, workspaceId, current.id) };
      },
    );
  };
}
