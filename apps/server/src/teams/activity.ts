import {
  type Lang,
  type MessageKey,
  type TeamActivity,
  type TeamActivityAction,
  teamActivityActionSchema,
  translate,
} from '@didban/core';
import type { Db } from '../db/database.js';
import { teamActivity } from '../db/schema.js';

type Person = { id: string; username: string };

export type ActivityInput = {
  workspaceId: string;
  action: TeamActivityAction;
  actor: Person;
  target?: Person | null;
  /** Raw values worth keeping (old and new name, role…); shown through the message's placeholders. */
  details?: Record<string, string>;
};

/**
 * Append a line to a team's activity log. Call it in the same transaction as the change it
 * describes, so the log never claims something that was rolled back.
 * @example await logActivity(tx, { workspaceId, action: 'member.removed', actor, target })
 */
export async function logActivity(db: Pick<Db, 'insert'>, input: ActivityInput): Promise<void> {
  await db.insert(teamActivity).values({
    workspace_id: input.workspaceId,
    action: input.action,
    actor_id: input.actor.id,
    actor_name: input.actor.username,
    target_id: input.target?.id ?? null,
    target_name: input.target?.username ?? null,
    details: input.details ?? {},
  });
}

const ROLE_KEYS: Record<string, MessageKey> = {
  owner: 'teams.role_owner',
  admin: 'teams.role_admin',
  user: 'teams.role_user',
};

/** Role names inside a sentence read in the reader's language ('مدیر', not 'admin'). */
function wordRole(value: string | undefined, lang: Lang): string | undefined {
  const key = value ? ROLE_KEYS[value] : undefined;
  return key ? translate(key, lang) : value;
}

/** A stored line as the reader sees it, with `text` worded in their language. */
export function presentActivity(row: typeof teamActivity.$inferSelect, lang: Lang): TeamActivity {
  const action = teamActivityActionSchema.parse(row.action);
  const details = row.details ?? {};
  const roleChange = action === 'member.role_changed';
  const text = translate(`activity.${action}` as MessageKey, lang, {
    ...details,
    actor: row.actor_name,
    target: row.target_name ?? translate('teams.former_member', lang),
    role: wordRole(details.role, lang),
    from: roleChange ? wordRole(details.from, lang) : details.from,
    to: roleChange ? wordRole(details.to, lang) : details.to,
  });
  return {
    id: row.id,
    action,
    actor: { id: row.actor_id, username: row.actor_name },
    target: row.target_name === null ? null : { id: row.target_id, username: row.target_name },
    details,
    text,
    created: row.created_at.toISOString(),
  };
}
