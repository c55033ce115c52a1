/** Checks of a scan's targets and settings against the caller's workspace (400 with scans.* keys). */
import { and, eq, inArray } from 'drizzle-orm';
import { assertWorkerGroup } from '../assets/groups.js';
import { assetGroups, assets } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';

export function checkName(name: string | undefined, field = 'name'): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed)
    throw new HttpError(
      400,
      'name_required',
      'scans.name_required',
      {},
      { [field]: ['scans.name_required'] },
    );
  return trimmed;
}

/** Every group must be this workspace's; another workspace's id is 'scans.group_unknown'. */
export async function checkGroups(
  db: Tx,
  workspaceId: string,
  ids: readonly string[],
  field = 'asset_group',
) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const valid = unique.every((id) => /^[0-9a-f-]{36}$/.test(id));
  const found =
    valid && unique.length
      ? await db
          .select({ id: assetGroups.id })
          .from(assetGroups)
          .where(and(eq(assetGroups.workspace_id, workspaceId), inArray(assetGroups.id, unique)))
      : [];
  if (!valid || found.length !== unique.length)
    throw new HttpError(
      400,
      'group_unknown',
      'scans.group_unknown',
      {},
      { [field]: ['scans.group_unknown'] },
    );
  return unique;
}

export async function checkAssets(db: Tx, workspaceId: string, ids: readonly string[]) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const valid = unique.every((id) => /^[0-9a-f-]{36}$/.test(id));
  let found = 0;
  for (let i = 0; valid && i < unique.length; i += 1000) {
    const rows = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.workspace_id, workspaceId), inArray(assets.id, unique.slice(i, i + 1000))));
    found += rows.length;
  }
  if (!valid || found !== unique.length)
    throw new HttpError(400, 'asset_unknown', 'scans.asset_unknown', {}, { assets: ['scans.asset_unknown'] });
  return unique;
}

export async function checkWorkerGroup(db: Tx, workspaceId: string, id: string | null | undefined) {
  if (!id) return null;
  if (!/^[0-9a-f-]{36}$/i.test(id))
    await assertWorkerGroup(db, workspaceId, '00000000-0000-0000-0000-000000000000');
  await assertWorkerGroup(db, workspaceId, id);
  return id;
}
