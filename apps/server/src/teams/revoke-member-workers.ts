import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { tasks, workers } from '../db/schema.js';
import { logActivity } from './activity.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Person = { id: string; username: string };

/**
 * When someone stops being a member (removed, or left), the worker keys they made in the team
 * stop working: they ran in that person's network and would otherwise keep taking the team's
 * tasks and posting into its inventory. Tasks those workers held go straight back to the
 * queue (another worker takes them) and the log says which keys went. Call it in the
 * transaction that deletes the membership.
 *
 * Keys made before makers were recorded (`created_by` null, migration 0015) cannot be tied to
 * anyone: revoking them all would stop every older worker of the team at the first departure,
 * so they stay, and each departure adds a line naming them, for the owner and admins to revoke
 * any that were the leaver's (docs/security.md).
 */
export async function revokeMemberWorkers(
  tx: Tx,
  input: { workspaceId: string; member: Person; actor: Person },
): Promise<number> {
  const revoked = await tx
    .update(workers)
    .set({ revoked_at: sql`now()`, updated_at: sql`now()` })
    .where(
      and(
        eq(workers.workspace_id, input.workspaceId),
        eq(workers.created_by, input.member.id),
        isNull(workers.revoked_at),
      ),
    )
    .returning({ id: workers.id, name: workers.name });
  await flagUnknownMakers(tx, input);
  if (revoked.length === 0) return 0;
  await tx
    .update(tasks)
    .set({ status: 'queued', lease_owner: null, lease_expires_at: null, updated_at: sql`now()` })
    .where(
      and(
        eq(tasks.status, 'leased'),
        inArray(
          tasks.lease_owner,
          revoked.map((w) => w.id),
        ),
      ),
    );
  await logActivity(tx, {
    workspaceId: input.workspaceId,
    action: 'workers.revoked',
    actor: input.actor,
    target: input.member,
    details: { count: String(revoked.length), names: revoked.map((w) => w.name).join(', ') },
  });
  return revoked.length;
}

/** Log the team's live keys with no recorded maker, if any, beside the departure. */
async function flagUnknownMakers(tx: Tx, input: { workspaceId: string; member: Person; actor: Person }) {
  const unknown = await tx
    .select({ name: workers.name })
    .from(workers)
    .where(
      and(
        eq(workers.workspace_id, input.workspaceId),
        isNull(workers.created_by),
        isNull(workers.revoked_at),
        eq(workers.builtin, false),
      ),
    );
  if (unknown.length === 0) return;
  await logActivity(tx, {
    workspaceId: input.workspaceId,
    action: 'workers.unknown_maker_kept',
    actor: input.actor,
    target: input.member,
    details: { count: String(unknown.length), names: unknown.map((w) => w.name).join(', ') },
  });
}
