/** Retest one finding now, and the finding's retests (issue 32). Any member may retest. */
import {
  envelope,
  type FindingRetest,
  findingRetestSchema,
  isMessageKey,
  type Lang,
  type MessageKey,
  translate,
} from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import type { findingRetests } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { findVulnerability } from '../scans/vulnerability-detail.js';
import { listRetests, queueRetest } from './retest.js';

const vulnParams = z.object({ id: z.string().max(100) });

/** A stored reason is `key` or `key|error`: worded in the reader's language. */
export function retestReason(stored: string | null, lang: Lang): string | null {
  if (!stored) return null;
  const [key, ...rest] = stored.split('|');
  return key && isMessageKey(key) ? translate(key as MessageKey, lang, { error: rest.join('|') }) : stored;
}

export function presentRetest(r: typeof findingRetests.$inferSelect, lang: Lang): FindingRetest {
  return {
    id: r.id,
    vulnerability: r.vulnerability_id,
    status: r.status,
    verdict: r.verdict,
    reason: retestReason(r.reason, lang),
    requested_by: r.requested_by_name,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    evidence: r.evidence
      .filter(
        (e): e is typeof e & { kind: 'match' | 'control' } =>
          'kind' in e && (e.kind === 'match' || e.kind === 'control'),
      )
      .map((e) => ({ kind: e.kind, request: e.request, response: e.response })),
  };
}

export function retestRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/panel/vulnerabilities/:id/retest/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: "Run the finding's template against its target now, as a small task",
          params: vulnParams,
          response: { 201: envelope(findingRetestSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        const waiting = (await listRetests(db, row.id)).some((r) => r.status === 'queued');
        if (waiting) throw new HttpError(409, 'retest_running', 'findings.retest_running');
        const retest = await db.transaction((tx) =>
          queueRetest(tx, row, { id: user.id, username: user.username }),
        );
        return reply.code(201).send({ data: presentRetest(retest, request.lang) });
      },
    );

    app.get(
      '/panel/vulnerabilities/:id/retests/',
      {
        config: { access: 'workspace' },
        schema: {
          tags: ['vulnerabilities'],
          summary: 'The retests of a finding, newest first, with verdict, reason and evidence',
          params: vulnParams,
          response: { 200: envelope(z.array(findingRetestSchema)) },
        },
      },
      async (request) => {
        const row = await findVulnerability(db, currentWorkspace(request).id, request.params.id);
        return { data: (await listRetests(db, row.id)).map((r) => presentRetest(r, request.lang)) };
      },
    );
  };
}
