/** `didban alerts list` / `didban alerts test <channel>`: the /settings/alerts data in a terminal. */
import type { AlertChannel, AlertDelivery } from '@didban/core';
import type { Context } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import { shortTime } from '../output/format.js';
import { renderTable } from '../output/table.js';
import { alertText } from './alerts-text.js';
import { requireSession } from './require-session.js';

export async function listAlerts(ctx: Context, flags: { json?: boolean }): Promise<void> {
  requireSession(ctx);
  const api = ctx.api();
  const [channels, rules] = await Promise.all([api.alerts.listChannels(), api.alerts.listRules()]);
  if (flags.json) return ctx.json({ channels, rules });
  const t = (k: Parameters<typeof alertText>[1]) => alertText(ctx.lang, k);
  ctx.out(t('channels'));
  ctx.out(
    channels.length
      ? renderTable(
          ['ID', t('name'), t('kind'), t('last')],
          channels.map((c) => [
            c.id,
            c.name,
            c.kind,
            c.last_delivery
              ? `${c.last_delivery.status} ${c.last_delivery.response_code ?? ''} ${shortTime(c.last_delivery.at)}`.trim()
              : '-',
          ]),
          ctx.color,
        )
      : t('none'),
  );
  const names = new Map(channels.map((c) => [c.id, c.name]));
  ctx.out(t('rules'));
  ctx.out(
    rules.length
      ? renderTable(
          ['ID', t('name'), t('enabled'), t('triggers'), t('channels')],
          rules.map((r) => [
            r.id,
            r.name,
            r.enabled ? '✓' : '-',
            r.triggers.join(', '),
            r.channel_ids.map((id) => names.get(id) ?? id).join(', '),
          ]),
          ctx.color,
        )
      : t('none'),
  );
}

function pick(channels: AlertChannel[], wanted: string, lang: Context['lang']): AlertChannel {
  const found = channels.find((c) => c.id === wanted) ?? channels.find((c) => c.name === wanted);
  if (!found)
    throw new CliError(
      'usage.invalid_fields',
      { detail: alertText(lang, 'unknown', { name: wanted }) },
      EXIT.usage,
    );
  return found;
}

export async function testAlertChannel(
  ctx: Context,
  wanted: string,
  flags: { json?: boolean; wait: boolean },
): Promise<void> {
  requireSession(ctx);
  const api = ctx.api();
  const channel = pick(await api.alerts.listChannels(), wanted, ctx.lang);
  let delivery: AlertDelivery = await api.alerts.testChannel(channel.id);
  // Wait for the first outcome (delivered, failed, or a retry scheduled), up to 30 s.
  const until = Date.now() + 30_000;
  while (flags.wait && delivery.status === 'queued' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 300));
    const page = await api.alerts.listDeliveries({ channelId: channel.id, pageSize: 20 });
    delivery = page.results.find((d) => d.id === delivery.id) ?? delivery;
  }
  if (flags.json) return ctx.json(delivery);
  const p = { name: channel.name, code: delivery.response_code ?? '-', error: delivery.error ?? '' };
  if (delivery.status === 'delivered') return ctx.out(alertText(ctx.lang, 'delivered', p));
  if (delivery.status === 'queued') return ctx.out(alertText(ctx.lang, 'queued', p));
  if (delivery.status === 'held') return ctx.out(alertText(ctx.lang, 'held', p));
  if (delivery.status === 'retrying') return ctx.out(alertText(ctx.lang, 'waiting', p));
  throw new CliError('usage.invalid_fields', { detail: alertText(ctx.lang, 'failed', p) });
}
