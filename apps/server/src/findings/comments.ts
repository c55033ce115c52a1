/**
 * Comment threads on a finding (issue 32). `@username` of a workspace member mentions them: they
 * are notified (not the author) and the comment keeps who was mentioned. Each comment is also a
 * history entry.
 */
import type { FindingComment } from '@didban/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { findingComments, type vulnerabilities } from '../db/schema.js';
import { notifyUsers } from '../notifications/notify.js';
import type { Tx } from '../queue/task-kinds.js';
import { recordFindingEvents } from './history.js';
import { membersByUsername, usernames } from './members.js';

const MENTION = /(?<![\w@])@([A-Za-z0-9_.-]{1,150})/g;
/** Words of a comment kept in the history entry. */
const HISTORY_EXCERPT = 280;

export function mentionedNames(body: string): string[] {
  return [...body.matchAll(MENTION)].map((m) => m[1]!.replace(/[.-]+$/, ''));
}

export async function addComment(
  tx: Tx,
  finding: typeof vulnerabilities.$inferSelect,
  author: { id: string; username: string },
  body: string,
): Promise<FindingComment> {
  const mentioned = (await membersByUsername(tx, finding.workspace_id, mentionedNames(body))).filter(
    (m) => m.id !== author.id,
  );
  const [row] = await tx
    .insert(findingComments)
    .values({
      workspace_id: finding.workspace_id,
      vulnerability_id: finding.id,
      author_id: author.id,
      author_name: author.username,
      body,
      mentions: mentioned.map((m) => m.id),
    })
    .returning();
  await recordFindingEvents(tx, [
    {
      workspace_id: finding.workspace_id,
      vulnerability_id: finding.id,
      kind: 'comment',
      actor: author,
      data: { comment_id: row!.id, body: body.slice(0, HISTORY_EXCERPT) },
    },
  ]);
  await notifyUsers(
    tx as Db,
    mentioned.map((m) => m.id),
    {
      key: 'notify.finding_mentioned',
      params: { by: author.username, template: finding.template_name, host: finding.host },
      link: `/vulnerabilities/${finding.id}`,
      workspaceId: finding.workspace_id,
    },
  );
  return {
    id: row!.id,
    author: row!.author_name,
    body: row!.body,
    mentions: mentioned.map((m) => m.username),
    created_at: row!.created_at.toISOString(),
  };
}

/** Oldest first, as a thread reads. */
export async function listComments(db: Tx, findingId: string): Promise<FindingComment[]> {
  const rows = await db
    .select()
    .from(findingComments)
    .where(eq(findingComments.vulnerability_id, findingId))
    .orderBy(asc(findingComments.created_at));
  const names = await usernames(db, [...new Set(rows.flatMap((r) => r.mentions))]);
  return rows.map((r) => ({
    id: r.id,
    author: r.author_name,
    body: r.body,
    mentions: r.mentions.map((m) => names.get(m)).filter((n): n is string => !!n),
    created_at: r.created_at.toISOString(),
  }));
}
