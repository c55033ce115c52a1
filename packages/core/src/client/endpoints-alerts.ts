import { z } from 'zod';
import {
  type AlertChannelInput,
  type AlertChannelUpdateInput,
  type AlertRuleInput,
  type AlertRuleUpdateInput,
  alertChannelListSchema,
  alertChannelSchema,
  alertDeliveryListSchema,
  alertDeliverySchema,
  alertRuleListSchema,
  alertRuleSchema,
} from '../contract/alerts.js';
import { envelope } from '../contract/envelope.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);

/**
 * /settings/alerts and `didban alerts`: channels (secrets masked), rules and the delivery log.
 * @example const delivery = await api.alerts.testChannel(channel.id); // queued; see listDeliveries
 */
export function alertEndpoints(http: Http) {
  return {
    listChannels: () => unwrap(http.get('panel/alerts/channels/', envelope(alertChannelListSchema))),
    getChannel: (channelId: string) =>
      unwrap(http.get(`panel/alerts/channels/${id(channelId)}/`, envelope(alertChannelSchema))),
    createChannel: (body: AlertChannelInput) =>
      unwrap(http.post('panel/alerts/channels/', body, envelope(alertChannelSchema))),
    updateChannel: (channelId: string, body: AlertChannelUpdateInput) =>
      unwrap(http.patch(`panel/alerts/channels/${id(channelId)}/`, body, envelope(alertChannelSchema))),
    deleteChannel: (channelId: string) =>
      http.delete(`panel/alerts/channels/${id(channelId)}/`, z.unknown()).then(() => undefined),
    /** Queue a test message; its outcome shows in the delivery log. */
    testChannel: (channelId: string) =>
      unwrap(http.post(`panel/alerts/channels/${id(channelId)}/test/`, {}, envelope(alertDeliverySchema))),
    /** A new webhook secret for a Jira/GitHub channel, answered once with the URL to give the tracker. */
    newWebhookSecret: (channelId: string) =>
      unwrap(
        http.post(
          `panel/alerts/channels/${id(channelId)}/webhook-secret/`,
          {},
          envelope(z.object({ url: z.string(), secret: z.string() })),
        ),
      ),
    listRules: () => unwrap(http.get('panel/alerts/rules/', envelope(alertRuleListSchema))),
    createRule: (body: AlertRuleInput) =>
      unwrap(http.post('panel/alerts/rules/', body, envelope(alertRuleSchema))),
    updateRule: (ruleId: string, body: AlertRuleUpdateInput) =>
      unwrap(http.patch(`panel/alerts/rules/${id(ruleId)}/`, body, envelope(alertRuleSchema))),
    deleteRule: (ruleId: string) =>
      http.delete(`panel/alerts/rules/${id(ruleId)}/`, z.unknown()).then(() => undefined),
    listDeliveries: (params: { page?: number; pageSize?: number; channelId?: string } = {}) =>
      unwrap(
        http.get('panel/alerts/deliveries/', envelope(alertDeliveryListSchema), {
          page: params.page ?? 1,
          page_size: params.pageSize ?? 20,
          ...(params.channelId ? { channel_id: params.channelId } : {}),
        }),
      ),
  };
}
