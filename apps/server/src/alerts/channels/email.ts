/**
 * Email through the server's mailer (nodemailer; DIDBAN_SMTP_URL) or the channel's own SMTP
 * server: HTML and text, each recipient in their language (right to left for Persian).
 */
import type { Lang } from '@didban/core';
import { reportAttachments } from '../../reports/deliver-report.js';
import { DeliveryFailure } from '../http-send.js';
import { heldText, MailHeld, reserveMail, tooManyText } from '../mail-cap.js';
import type { ChannelSender } from './types.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailHtml(title: string, lines: string[], lang: Lang, link: string): string {
  const dir = lang === 'fa' ? 'rtl' : 'ltr';
  const items = lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('');
  return `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Tahoma,Arial,sans-serif;direction:${dir}"><h2>${escapeHtml(title)}</h2><ul>${items}</ul><p><a href="${escapeHtml(link)}">Didban</a></p></body></html>`;
}

type Recipient = string | { email: string; language: Lang };

export const sendEmail: ChannelSender = async (ctx) => {
  const recipients = (ctx.channel.settings.recipients ?? []) as Recipient[];
  const mailer = ctx.mailer(ctx.secrets.smtp_url, ctx.out.signal);
  if (!mailer.delivers)
    throw new DeliveryFailure(
      'no SMTP server configured (DIDBAN_SMTP_URL or the channel’s own)',
      null,
      false,
    );
  const cap = ctx.mailCap;
  const count = recipients.length;
  const lang = ctx.channel.language;
  if (count > cap.perWindow)
    throw new DeliveryFailure(tooManyText(lang, { cap: cap.perWindow, count }), null, false);
  if (count > 0) {
    const taken = await reserveMail(ctx.db, cap, ctx.delivery.workspace_id, count);
    if (!taken.granted)
      throw new MailHeld(
        heldText(lang, { used: taken.used, cap: cap.perWindow, count, until: taken.until }),
        taken.until,
      );
  }
  for (const r of recipients) {
    const to = typeof r === 'string' ? r : r.email;
    const lang = typeof r === 'string' ? ctx.channel.language : r.language;
    const m = ctx.render(lang);
    try {
      await mailer.send({
        to,
        subject: m.title,
        text: `${m.title}\n\n${m.lines.map((l) => `- ${l}`).join('\n')}\n\n${ctx.publicUrl}\n`,
        html: emailHtml(m.title, m.lines, lang, ctx.publicUrl),
        // A scheduled report (issue 33) carries its file.
        attachments: ctx.delivery.purpose === 'report' ? reportAttachments(ctx.delivery.events) : undefined,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EDIDBANSCOPE')
        throw new DeliveryFailure(`destination refused: ${(error as Error).message}`, null, false);
      const code = (error as { responseCode?: number }).responseCode ?? null;
      // 5xx from SMTP is permanent (bad mailbox); 4xx and connection errors are worth retrying.
      throw new DeliveryFailure((error as Error).message, code, !(code && code >= 500));
    }
  }
  return { responseCode: 250 };
};
