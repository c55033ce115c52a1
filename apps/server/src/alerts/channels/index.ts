import { sendDiscord, sendSlack, sendTeams, sendTelegram } from './chat.js';
import { sendEmail } from './email.js';
import { sendGithub, sendJira } from './trackers.js';
import type { ChannelSender } from './types.js';
import { sendWebhook } from './webhook.js';

/** Each channel kind and how it sends. */
export const CHANNEL_SENDERS: Record<string, ChannelSender> = {
  webhook: sendWebhook,
  slack: sendSlack,
  discord: sendDiscord,
  telegram: sendTelegram,
  teams: sendTeams,
  email: sendEmail,
  jira: sendJira,
  github: sendGithub,
};
