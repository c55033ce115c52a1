/**
 * The per-workspace cap on alert email recipients per hour (DIDBAN_ALERTS_MAIL_PER_HOUR). An
 * email channel names up to 50 addresses nobody verified and a workspace may have any number of
 * channels and rules, so without it events a tenant causes itself (new ports on its own hosts)
 * make the operator's SMTP mail strangers in bulk. Recipients are reserved before a send, in
 * one atomic upsert per window row, so several servers and concurrent sends share one count.
 */
import type { Lang } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

export type MailCap = {
  /** Recipients one workspace may mail per window. */
  perWindow: number;
  /** The window in seconds: an hour, shorter in tests. Windows are aligned to the epoch. */
  windowSeconds: number;
};

/** An email delivery over the cap: it is not sent, costs no attempt, and waits until `until`. */
export class MailHeld extends Error {
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message);
  }
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Take `count` recipients from the workspace's current window, all or none.
 * @example await reserveMail(db, { perWindow: 200, windowSeconds: 3600 }, workspaceId, 3) // → { granted: true }
 */
export async function reserveMail(
  db: Db,
  cap: MailCap,
  workspaceId: string,
  count: number,
): Promise<{ granted: true } | { granted: false; used: number; until: Date }> {
  const w = cap.windowSeconds;
  // Database time, so every server agrees on the window whatever its own clock says.
  const [window] = rows<{ start: string | Date; until: string | Date }>(
    await db.execute(sql`select
      to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w}) as start,
      to_timestamp((floor(extract(epoch from now()) / ${w}) + 1) * ${w}) as until`),
  );
  const start = new Date(window!.start);
  const taken = rows<{ recipients: number }>(
    await db.execute(sql`insert into alert_mail_windows (workspace_id, window_start, recipients)
      values (${workspaceId}, ${start.toISOString()}::timestamptz, ${count})
      on conflict (workspace_id, window_start) do update
        set recipients = alert_mail_windows.recipients + excluded.recipients
        where alert_mail_windows.recipients + excluded.recipients <= ${cap.perWindow}
      returning recipients`),
  );
  if (taken.length) return { granted: true };
  const [current] = rows<{ recipients: number }>(
    await db.execute(sql`select recipients from alert_mail_windows
      where workspace_id = ${workspaceId} and window_start = ${start.toISOString()}::timestamptz`),
  );
  return { granted: false, used: current?.recipients ?? 0, until: new Date(window!.until) };
}

/** The delivery log's reason, in the channel's language. */
export function heldText(lang: Lang, p: { used: number; cap: number; count: number; until: Date }) {
  const at = p.until.toISOString().replace('T', ' ').slice(0, 16);
  return lang === 'fa'
    ? `نگه داشته شد: این فضای کاری در این ساعت به ${p.used} گیرنده ایمیل هشدار فرستاده و سقف ${p.cap} گیرنده در ساعت (DIDBAN_ALERTS_MAIL_PER_HOUR) پر است؛ این ایمیل (${p.count} گیرنده) بدون مصرف یک تلاش در ${at} UTC فرستاده می‌شود.`
    : `held: this workspace has mailed ${p.used} alert recipients this hour and the cap is ${p.cap} an hour (DIDBAN_ALERTS_MAIL_PER_HOUR); this email (${p.count} recipients) goes at ${at} UTC, using no attempt.`;
}

/** A channel that could never fit in one window fails for good rather than wait forever. */
export function tooManyText(lang: Lang, p: { cap: number; count: number }) {
  return lang === 'fa'
    ? `این کانال ${p.count} گیرنده دارد، بیش از سقف ${p.cap} گیرنده در ساعت (DIDBAN_ALERTS_MAIL_PER_HOUR)؛ گیرنده‌ها را کم کنید.`
    : `this channel has ${p.count} recipients, more than the cap of ${p.cap} an hour (DIDBAN_ALERTS_MAIL_PER_HOUR); remove some recipients.`;
}
