/**
 * The technologies tab: every technology detected on a workspace's assets, with the versions seen
 * and how many assets use it. Ids are the Wappalyzer slugs, as on the assets themselves.
 */
import type { TechnologySummary } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { assets } from '../db/schema.js';

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

/** @example await listTechnologies(db, ws.id) // [{ id: 'nginx', name: 'Nginx', versions: ['1.25'], asset_count: 3, … }] */
export async function listTechnologies(db: Db, workspaceId: string): Promise<TechnologySummary[]> {
  const result = await db.execute(sql`
    select t.e ->> 'slug' as id,
           max(t.e ->> 'name') as name,
           max(t.e ->> 'icon') as icon,
           max(t.e ->> 'website') as website,
           max(t.e ->> 'description') as description,
           (array_agg(t.e -> 'categories'))[1] as categories,
           array_remove(array_agg(distinct t.e ->> 'version'), null) as versions,
           count(distinct ${assets.id})::int as asset_count
    from ${assets} cross join lateral jsonb_array_elements(${assets.technologies}) as t(e)
    where ${assets.workspace_id} = ${workspaceId}
    group by 1
    order by asset_count desc, name asc`);
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
