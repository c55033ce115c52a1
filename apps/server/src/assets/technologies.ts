/**
 * The technologies tab: every technology detected on a workspace's assets, with the versions seen
 * and how many assets use it. Ids are the Wappalyzer slugs, as on the assets themselves.
 */
import type { TechnologySummary } from '@didban/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { technologyCounters, technologyInfo, technologyVersionCounters } from '../db/schema.js';

type Row = {
  id: string;
  name: string;
  icon: string | null;
  website: string | null;
  description: string | null;
  categories: { name: string }[] | null;
  versions: string[] | null;
  asset_count: number;
};

/**
 * Read from the technology counters (migration 0020), so the cost follows the number of
 * technologies, not of assets.
 * @example await listTechnologies(db, ws.id) // [{ id: 'nginx', name: 'Nginx', versions: ['1.25'], asset_count: 3, … }]
 */
export async function listTechnologies(db: Db, workspaceId: string): Promise<TechnologySummary[]> {
  const result = await db.execute(sql`
    select c.slug as id, i.name, i.icon, i.website, i.description, i.categories,
           (select array_agg(v.version order by v.version) from (
              select version from ${technologyVersionCounters}
              where workspace_id = ${workspaceId} and slug = c.slug
              group by version having sum(n) > 0) v) as versions,
           c.n as asset_count
    from (select slug, sum(n)::int as n from ${technologyCounters}
          where workspace_id = ${workspaceId} group by slug having sum(n) > 0) c
    left join ${technologyInfo} i on i.workspace_id = ${workspaceId} and i.slug = c.slug
    order by asset_count desc, i.name asc`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    website: r.website,
    description_en: r.description,
    categories: r.categories ?? [],
    versions: r.versions ?? [],
    asset_count: Number(r.asset_count),
  }));
}

/** Assets of a workspace using this technology (by slug), from the counters. */
export async function technologyAssetCount(db: Db, workspaceId: string, slug: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${technologyCounters.n}), 0)::int` })
    .from(technologyCounters)
    .where(and(eq(technologyCounters.workspace_id, workspaceId), eq(technologyCounters.slug, slug)));
  return row?.n ?? 0;
}
