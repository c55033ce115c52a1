/**
 * What an assignment tells people: the new assignee hears it (not when they assigned themselves),
 * and alert rules listening for `finding_assigned` get one event per request.
 */

import { recordAlertEvents } from '../alerts/record-events.js';
import type { Db } from '../db/database.js';
import { notifyUsers } from '../notifications/notify.js';
import type { Tx } from '../queue/task-kinds.js';
import type { Actor } from './history.js';

type Changed = { id: string; template_name: string; host: string; group_id: string | null };

export async function announceAssignment(
  tx: Tx,
  workspaceId: string,
  changed: Changed[],
  assignee: { id: string; username: string } | null,
  actor: Actor,
) {
  if (!assignee || changed.length === 0) return;
  const first = changed[0]!;
  if (assignee.id !== actor?.id)
    await notifyUsers(
      tx as Db,
      [assignee.id],
      changed.length === 1
        ? {
            key: 'notify.finding_assigned',
            params: { by: actor?.username ?? '', template: first.template_name, host: first.host },
            link: `/vulnerabilities/${first.id}`,
            workspaceId,
          }
        : {
            key: 'notify.findings_assigned_bulk',
            params: { by: actor?.username ?? '', count: changed.length },
            link: `/vulnerabilities?assignee=${assignee.id}`,
            workspaceId,
          },
    );
  await recordAlertEvents(tx, [
    {
      workspace_id: workspaceId,
      kind: 'finding_assigned',
      group_ids: [...new Set(changed.map((c) => c.group_id).filter((g): g is string => !!g))],
      data: {
        assignee: assignee.username,
        by: actor?.username ?? null,
        count: changed.length,
        vulnerability_id: changed.length === 1 ? first.id : null,
        template_name: first.template_name,
        host: first.host,
      },
    },
  ]);
}
