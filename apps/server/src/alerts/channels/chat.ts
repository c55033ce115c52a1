/**
 * Chat services, each in its own incoming-webhook shape: Slack blocks, a Discord embed, a Teams
 * Adaptive Card (workflow webhook) and Telegram's bot API sendMessage.
 */
import { DeliveryFailure, sendHttp } from '../http-send.js';
import { type ChannelSender, deliveryHeaders, type SendContext } from './types.js';

const message = (ctx: SendContext) => ctx.render(ctx.channel.language);

export function slackBody(ctx: SendContext) {
  const m = message(ctx);
  return {
    text: `${m.title}\n${m.lines.join('\n')}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: m.title.slice(0, 150) } },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: m.lines
            .map((l) => `• ${l}`)
            .join('\n')
            .slice(0, 2900),
        },
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: ctx.publicUrl }] },
    ],
  };
}

export function discordBody(ctx: SendContext) {
  const m = message(ctx);
  return {
    embeds: [
      {
        title: m.title.slice(0, 256),
        description: m.lines
          .map((l) => `• ${l}`)
          .join('\n')
          .slice(0, 4000),
        color: 0xd97706,
        url: ctx.publicUrl,
        timestamp: ctx.createdAt.toISOString(),
        footer: { text: 'Didban' },
      },
    ],
  };
}

export function teamsBody(ctx: SendContext) {
  const m = message(ctx);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          rtl: m.lang === 'fa',
          body: [
            { type: 'TextBlock', size: 'Medium', weight: 'Bolder', wrap: true, text: m.title },
            ...m.lines.map((l) => ({ type: 'TextBlock', wrap: true, text: `• ${l}` })),
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Didban', url: ctx.publicUrl }],
        },
      },
    ],
  };
}

export function telegramBody(ctx: SendContext) {
  const m = message(ctx);
  return {
    chat_id: String(ctx.channel.settings.chat_id),
    text: `${m.title}\n\n${m.lines.map((l) => `• ${l}`).join('\n')}`.slice(0, 4096),
    disable_web_page_preview: true,
  };
}

const post =
  (
    build: (ctx: SendContext) => unknown,
    urlOf: (ctx: SendContext) => string = (ctx) => ctx.secrets.url!,
  ): ChannelSender =>
  async (ctx) => {
    const answer = await sendHttp(ctx.out, 'POST', urlOf(ctx), build(ctx), deliveryHeaders(ctx));
    return { responseCode: answer.status };
  };

export const sendSlack = post(slackBody);
/** `?wait=true` makes Discord answer with the message, so success is really success. */
export const sendDiscord = post(discordBody, (ctx) => {
  const url = new URL(ctx.secrets.url!);
  url.searchParams.set('wait', 'true');
  return url.toString();
});
export const sendTeams = post(teamsBody);

export const TELEGRAM_API_URL = 'https://api.telegram.org';

export const sendTelegram: ChannelSender = async (ctx) => {
  const base = String(ctx.channel.settings.api_url ?? TELEGRAM_API_URL).replace(/\/+$/, '');
  const answer = await sendHttp(
    ctx.out,
    'POST',
    `${base}/bot${ctx.secrets.token}/sendMessage`,
    telegramBody(ctx),
    deliveryHeaders(ctx),
  );
  const json = answer.json as { ok?: boolean; description?: string } | null;
  if (!json?.ok)
    throw new DeliveryFailure(
      json?.description ?? 'Telegram did not accept the message',
      answer.status,
      false,
    );
  return { responseCode: answer.status };
};
