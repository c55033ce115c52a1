/**
 * Scan chunks travel as 'template-run' tasks, so workers run them with the runner they already
 * have. This wraps the 'template-run' kind: a task whose payload names a `chunk_id` belongs to a
 * scan run (results become vulnerabilities), one naming a `retest_id` retests one finding; any
 * other is a one-off run from /templates.
 */
import { z } from 'zod';
import { completeRetest, failRetest, ingestRetestResults } from '../findings/retest.js';
import { type KindContext, registerTaskKind, type TaskKindHandler } from '../queue/task-kinds.js';
import { TEMPLATE_RUN_KIND, templateRunTaskKind } from '../template-runs/template-run-kind.js';
import { endChunk } from './finish-scan-run.js';
import { ingestChunkResults } from './ingest-findings.js';

const chunkPayload = z.object({ chunk_id: z.string() });
const chunkOf = (ctx: KindContext) => {
  const parsed = chunkPayload.safeParse(ctx.task.payload);
  return parsed.success ? parsed.data.chunk_id : null;
};

// A retest of one finding (apps/server/src/findings/retest.ts) names its `retest_id`.
const retestPayload = z.object({ retest_id: z.string() });
const retestOf = (ctx: KindContext) => {
  const parsed = retestPayload.safeParse(ctx.task.payload);
  return parsed.success ? parsed.data.retest_id : null;
};

const scanAwareTemplateRunKind: TaskKindHandler = {
  ingest: (ctx, items) => {
    const retest = retestOf(ctx);
    if (retest) return ingestRetestResults(ctx, retest, items);
    const chunk = chunkOf(ctx);
    return chunk ? ingestChunkResults(ctx.tx, chunk, items) : templateRunTaskKind.ingest(ctx, items);
  },
  complete: (ctx, stats) => {
    const retest = retestOf(ctx);
    if (retest) return completeRetest(ctx, retest);
    const chunk = chunkOf(ctx);
    return chunk ? endChunk(ctx.tx, chunk, 'done') : templateRunTaskKind.complete(ctx, stats);
  },
  fail: (ctx, error) => {
    const retest = retestOf(ctx);
    if (retest) return failRetest(ctx, retest, error);
    const chunk = chunkOf(ctx);
    return chunk ? endChunk(ctx.tx, chunk, 'failed') : templateRunTaskKind.fail(ctx, error);
  },
};

registerTaskKind(TEMPLATE_RUN_KIND, scanAwareTemplateRunKind);
