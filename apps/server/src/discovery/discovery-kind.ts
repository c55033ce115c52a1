/**
 * The 'discovery' task kind: a worker's result batches become assets (one per group + host +
 * port, upserted), and completion finishes the enumeration history and notifies the workspace.
 */
import {
  type DiscoveredAssetResult,
  type DiscoveryOutcome,
  discoveredAssetResultSchema,
  discoveryOutcomeFromStats,
  discoveryPayloadSchema,
} from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import { storeEndpoints } from '../assets/endpoints-store.js';
import { recordHistorySnapshot } from '../assets/history-snapshot.js';
import { assetGroups, assets, enumerationHistories } from '../db/schema.js';
import type { AssetTechnology } from '../db/tables/assets.js';
import { HttpError } from '../http/errors.js';
import { notifyWorkspace } from '../notifications/notify.js';
import { type KindContext, registerTaskKind, type TaskKindHandler } from '../queue/task-kinds.js';
import { warnIfNothingResolved } from './nothing-resolved-warning.js';
import { recordOverLimit, splitByPlanCap } from './plan-cap.js';

/** spec §3: cname is "text holding a list of names, possibly single-quoted". */
export function formatCnames(cnames: readonly string[]): string | null {
  return cnames.length ? `[${cnames.map((c) => `'${c}'`).join(', ')}]` : null;
}

function assetColumns(item: DiscoveredAssetResult) {
  const http = item.http;
  const technologies: AssetTechnology[] = item.technologies.map((t) => ({
    name: t.name,
    slug: t.slug,
    version: t.version,
    categories: t.categories.map((c) => ({ name: c.name })),
    website: t.website,
    description: t.description,
    icon: t.icon,
  }));
  return {
    ip: item.ips.join(','),
    is_root: item.is_root,
    status: http ? String(http.status) : 'done',
    service: item.service,
    title: http?.title ?? null,
    cname: formatCnames(item.cnames),
    content_length: http?.content_length ?? null,
    content_type: http?.content_type ?? null,
    server: http?.server ?? null,
    final_url: http?.final_url ?? null,
    response_headers: http?.headers ?? null,
    body_start: http?.body_start ?? null,
    tls: http?.tls ?? null,
    favicon_hash: http?.favicon_hash ?? null,
    technologies,
    anomalies: item.anomalies,
    wildcard: item.wildcard,
  };
}

function parseItems(items: unknown[]): DiscoveredAssetResult[] {
  const byKey = new Map<string, DiscoveredAssetResult>();
  for (const raw of items) {
    const parsed = discoveredAssetResultSchema.safeParse(raw);
    if (!parsed.success) throw new HttpError(400, 'result_invalid', 'errors.result_invalid');
    // One row per host + port even inside a batch (an upsert cannot touch a row twice).
    byKey.set(`${parsed.data.host.toLowerCase()}:${parsed.data.port}`, parsed.data);
  }
  return [...byKey.values()];
}

async function ingest({ tx, task, storage }: KindContext, items: unknown[]) {
  const payload = discoveryPayloadSchema.parse(task.payload);
  // The plan's asset limit holds here, for every worker: new hosts past it are listed, not stored.
  const { keep, over, limit } = await splitByPlanCap(
    tx,
    task.workspace_id,
    payload.group_id,
    parseItems(items),
  );
  const overLimit = await recordOverLimit(tx, payload.history_id, over, limit);
  let inserted = 0;
  for (const item of keep) {
    const columns = assetColumns(item);
    const [row] = await tx
      .insert(assets)
      .values({
        workspace_id: task.workspace_id,
        group_id: payload.group_id,
        enumeration_history_id: payload.history_id,
        host: item.host.toLowerCase(),
        port: item.port,
        ...columns,
      })
      .onConflictDoUpdate({
        target: [assets.group_id, assets.host, assets.port],
        set: {
          ...columns,
          enumeration_history_id: payload.history_id,
          last_seen_at: sql`now()`,
          // Seen again after a run that no longer saw it: back in the live inventory.
          gone_at: null,
          updated_at: sql`now()`,
        },
      })
      // xmax = 0 only on a row this statement inserted: that is how "new" is told from "seen again".
      .returning({ id: assets.id, inserted: sql<boolean>`(xmax = 0)` });
    if (row?.inserted) inserted++;
    // The crawl's endpoints (issue 30), kept per asset up to the limit; absent: not crawled.
    if (row && item.endpoints) await storeEndpoints(tx, task.workspace_id, row.id, item.endpoints);
    if (row && item.screenshot_png) {
      const key = `screenshots/${row.id}.png`;
      await storage.put(key, Buffer.from(item.screenshot_png, 'base64'));
      await tx.update(assets).set({ screenshot_key: key }).where(eq(assets.id, row.id));
    }
  }
  if (inserted > 0) {
    await tx
      .update(enumerationHistories)
      .set({ new_assets: sql`${enumerationHistories.new_assets} + ${inserted}`, updated_at: sql`now()` })
      .where(eq(enumerationHistories.id, payload.history_id));
  }
  return { items: items.length, new_assets: inserted, over_limit: overLimit };
}

async function finish(
  ctx: KindContext,
  status: 'finished' | 'failed',
  error: string | null,
  outcome: DiscoveryOutcome | null = null,
) {
  const payload = discoveryPayloadSchema.parse(ctx.task.payload);
  if (outcome) warnIfNothingResolved(outcome, payload.group_id);
  const [history] = await ctx.tx
    .update(enumerationHistories)
    .set({
      status,
      error,
      ...(outcome ? { outcome } : {}),
      completed_at: sql`now()`,
      duration: sql`extract(epoch from now() - ${enumerationHistories.started_at})`,
      updated_at: sql`now()`,
    })
    .where(eq(enumerationHistories.id, payload.history_id))
    .returning();
  // Keep the inventory as it was at this history, and each asset's changelog (assets/).
  const changes = history && status === 'finished' ? await recordHistorySnapshot(ctx.tx, history.id) : null;
  const [group] = await ctx.tx
    .update(assetGroups)
    .set({ status, updated_at: sql`now()` })
    .where(eq(assetGroups.id, payload.group_id))
    .returning();
  if (!history || !group) return;
  // New hosts past the plan's limit were not stored: say so, with the limit and the way out.
  if (history.over_limit > 0) {
    await notifyWorkspace(ctx.tx, ctx.task.workspace_id, {
      key: 'notify.discovery_over_limit',
      params: { name: group.name, over: history.over_limit, limit: history.asset_limit ?? 0 },
      link: `/assets/${group.id}`,
    });
  }
  // A re-discovery says what changed since the previous run: new, changed and gone.
  if (changes?.previous) {
    await notifyWorkspace(ctx.tx, ctx.task.workspace_id, {
      key: 'notify.rediscovery_finished',
      params: {
        name: group.name,
        new: changes.appeared,
        changed: changes.changed,
        gone: changes.disappeared,
      },
      link: `/assets/${group.id}`,
    });
    return;
  }
  await notifyWorkspace(ctx.tx, ctx.task.workspace_id, {
    key: status === 'finished' ? 'notify.discovery_finished' : 'notify.discovery_failed',
    params: { name: group.name, count: history.new_assets },
    link: `/assets/${group.id}`,
  });
}

export const discoveryTaskKind: TaskKindHandler = {
  ingest,
  complete: (ctx, stats) => finish(ctx, 'finished', null, discoveryOutcomeFromStats(stats)),
  fail: (ctx, error) => finish(ctx, 'failed', error),
};

registerTaskKind('discovery', discoveryTaskKind);
