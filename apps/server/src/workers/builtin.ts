import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { workers } from '../db/schema.js';
import { hashWorkerKey } from './keys.js';

/**
 * The installation's built-in worker: a worker row with no workspace that takes tasks naming no
 * worker group, from any workspace. Its key is derived from the server secret, so every server
 * process of one installation (they share DIDBAN_SECRET) runs it with the same key and none of
 * them invalidates another's; only the hash is stored.
 * @example const { key } = await ensureBuiltinWorker(db, secret); startWorker({ serverUrl, apiKey: key });
 */
export async function ensureBuiltinWorker(
  db: Db,
  secret: string,
  name = 'built-in',
): Promise<{ id: string; key: string }> {
  const key = `dwk_${createHmac('sha256', secret).update(`didban built-in worker:${name}`).digest('base64url')}`;
  const hash = hashWorkerKey(key);
  const prefix = key.slice(0, 10);
  const [existing] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.builtin, true), eq(workers.name, name)));
  if (existing) {
    await db
      .update(workers)
      .set({ key_hash: hash, key_prefix: prefix, revoked_at: null, updated_at: sql`now()` })
      .where(eq(workers.id, existing.id));
    return { id: existing.id, key };
  }
  const [row] = await db
    .insert(workers)
    .values({ name, builtin: true, key_hash: hash, key_prefix: prefix })
    .onConflictDoNothing()
    .returning({ id: workers.id });
  if (row) return { id: row.id, key };
  // Another server inserted it at the same moment: same key, so theirs is ours.
  const [other] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.builtin, true), eq(workers.name, name)));
  return { id: other!.id, key };
}
