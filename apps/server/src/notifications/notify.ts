import {
  isMessageKey,
  type Lang,
  type MessageKey,
  type Notification,
  readableParams,
  translate,
} from '@didban/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { notifications, workspaceMembers } from '../db/schema.js';

export type NotificationInput = {
  /** Worded per reader from the catalogue, so each member reads it in their own language. */
  key: MessageKey;
  params?: Record<string, string | number>;
  /** A panel path such as `/assets/<id>`; followed when the notification is clicked. */
  link?: string | null;
  workspaceId?: string | null;
};

/**
 * Notify some users. Later features call this (discovery finished, scan failed, invitation…).
 * @example await notifyUsers(db, [userId], { key: 'notify.discovery_finished', params: { name }, link })
 */
export async function notifyUsers(
  db: Db,
  userIds: readonly string[],
  input: NotificationInput,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(
    userIds.map((user_id) => ({
      user_id,
      workspace_id: input.workspaceId ?? null,
      message_key: input.key,
      params: input.params ?? {},
      link: input.link ?? null,
    })),
  );
}

/** Notify every member of a workspace (the personal one has just its owner). */
export async function notifyWorkspace(
  db: Db,
  workspaceId: string,
  input: Omit<NotificationInput, 'workspaceId'>,
) {
  const members = await db
    .select({ id: workspaceMembers.user_id })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspace_id, workspaceId));
  await notifyUsers(
    db,
    members.map((m) => m.id),
    { ...input, workspaceId },
  );
}

/**
 * A stored notification as the reader sees it, worded in their language when it is read: numbers in
 * the reader's digits, names isolated so their direction does not move the sentence's punctuation.
 * Rows stored before keys existed keep their literal text.
 */
export function presentNotification(row: typeof notifications.$inferSelect, lang: Lang): Notification {
  const text =
    row.message_key && isMessageKey(row.message_key)
      ? translate(row.message_key, lang, readableParams(row.params, lang))
      : (row.text ?? '');
  return { id: row.id, text, time: row.created_at.toISOString(), seen: row.seen, link: row.link };
}
