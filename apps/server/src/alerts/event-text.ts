/**
 * What an alert says, in the channel's (or recipient's) language: a title and one line per event.
 * Every channel builds its own shape (blocks, embed, card, mail) from this.
 */
import { formatNumber, type Lang } from '@didban/core';
import type { AlertEventRecord } from '../db/schema.js';

type D = Record<string, unknown>;
const at = (d: D) => (d.port ? `${d.host}:${d.port}` : String(d.host ?? ''));
const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(', ') : '—');

const LINES: Record<string, Record<Lang, (d: D) => string>> = {
  asset_new: { en: (d) => `New asset: ${at(d)}`, fa: (d) => `دارایی جدید: ${at(d)}` },
  asset_gone: { en: (d) => `Asset gone: ${at(d)}`, fa: (d) => `دارایی از دسترس خارج شد: ${at(d)}` },
  port_opened: { en: (d) => `Port opened: ${at(d)}`, fa: (d) => `پورت باز شد: ${at(d)}` },
  port_closed: { en: (d) => `Port closed: ${at(d)}`, fa: (d) => `پورت بسته شد: ${at(d)}` },
  technology_changed: {
    en: (d) => `Technologies changed on ${at(d)}: ${list(d.from)} → ${list(d.to)}`,
    fa: (d) => `فناوری‌های ${at(d)} تغییر کرد: ${list(d.from)} ← ${list(d.to)}`,
  },
  certificate_expiring: {
    en: (d) => `Certificate of ${at(d)} expires in ${d.days} day(s) (${d.not_after})`,
    fa: (d) =>
      `گواهی ${at(d)} تا ${formatNumber(Number(d.days), 'fa')} روز دیگر منقضی می‌شود (${d.not_after})`,
  },
  finding_new: {
    en: (d) => `New ${d.severity} finding: ${d.template_name} on ${d.matched_at}`,
    fa: (d) => `یافته جدید (${d.severity}): ${d.template_name} روی ${d.matched_at}`,
  },
  finding_reopened: {
    en: (d) => `Finding reopened (${d.severity}): ${d.template_name} on ${d.matched_at}`,
    fa: (d) => `یافته دوباره باز شد (${d.severity}): ${d.template_name} روی ${d.matched_at}`,
  },
  finding_assigned: {
    en: (d) =>
      Number(d.count) > 1
        ? `${d.count} findings assigned to ${d.assignee}`
        : `Finding assigned to ${d.assignee}: ${d.template_name} on ${d.host}`,
    fa: (d) =>
      Number(d.count) > 1
        ? `${d.count} یافته به ${d.assignee} سپرده شد`
        : `یافته به ${d.assignee} سپرده شد: ${d.template_name} روی ${d.host}`,
  },
  acceptance_expired: {
    en: (d) => `Accepted risk expired, finding open again: ${d.template_name} on ${d.matched_at}`,
    fa: (d) => `پذیرش ریسک پایان یافت و یافته دوباره باز شد: ${d.template_name} روی ${d.matched_at}`,
  },
  sla_breached: {
    en: (d) => `Past its due date (${d.severity}): ${d.template_name} on ${d.matched_at}`,
    fa: (d) => `موعد رفع گذشته است (${d.severity}): ${d.template_name} روی ${d.matched_at}`,
  },
  finding_fixed: {
    en: (d) => `Finding fixed: ${d.template_id}`,
    fa: (d) => `یافته رفع شد: ${d.template_id}`,
  },
  scan_finished: { en: (d) => `Scan ${d.name} finished`, fa: (d) => `اسکن ${d.name} به پایان رسید` },
  scan_failed: {
    en: (d) => `Scan ${d.name} failed: ${d.error ?? ''}`,
    fa: (d) => `اسکن ${d.name} ناموفق بود: ${d.error ?? ''}`,
  },
  worker_offline: {
    en: (d) => `Worker ${d.name} is offline (last seen ${d.last_seen_at})`,
    fa: (d) => `ورکر ${d.name} آفلاین است (آخرین حضور ${d.last_seen_at})`,
  },
  test: {
    en: () => 'This is a test message from Didban.',
    fa: () => 'این یک پیام آزمایشی از دیدبان است.',
  },
};

export type AlertMessage = { title: string; lines: string[]; lang: Lang };

export function eventLine(event: Pick<AlertEventRecord, 'kind' | 'data'>, lang: Lang): string {
  return LINES[event.kind]?.[lang](event.data) ?? event.kind;
}

/** @example renderAlert('Prod', events, 'en') // { title: 'Didban: Prod — 2 change(s)', lines: [...] } */
export function renderAlert(ruleName: string | null, events: AlertEventRecord[], lang: Lang): AlertMessage {
  const title =
    ruleName === null
      ? lang === 'fa'
        ? 'دیدبان: پیام آزمایشی'
        : 'Didban: test message'
      : lang === 'fa'
        ? `دیدبان: ${ruleName} — ${formatNumber(events.length, 'fa')} رویداد`
        : `Didban: ${ruleName} — ${events.length} event(s)`;
  return { title, lines: events.map((e) => eventLine(e, lang)), lang };
}
