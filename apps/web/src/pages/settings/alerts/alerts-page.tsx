import { ALERT_TRIGGERS, type AlertEventKind } from '@didban/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadFailed, type LoadingQuery } from '../../../components/ui/query-state';
import { useLang } from '../../../hooks/use-lang';
import { errorText } from '../../../lib/error-text';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { snackbarStore } from '../../../lib/snackbar-store';
import { alertText } from './alerts-text';
import { ChannelForm } from './channel-form';
import { deliveryErrorText } from './delivery-error-text';
import { RuleForm } from './rule-form';
import { useAlertMutations, useAlerts, useCanManageAlerts, useGroupNames } from './use-alerts';

const EVENT_KINDS: readonly string[] = [...ALERT_TRIGGERS, 'finding_fixed'];
const isEventKind = (k: string): k is AlertEventKind => EVENT_KINDS.includes(k);

const card = 'rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6';

/**
 * A list's first answer: what it holds, or why it could not be read (a server that is down is not
 * "nothing yet"), with Retry.
 */
function Loaded({
  query,
  empty,
  children,
}: {
  query: LoadingQuery & { data: unknown };
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (query.data === undefined && query.isError)
    return <LoadFailed error={query.error} retry={query.refetch} retrying={query.isFetching} />;
  if (query.data === undefined) return null;
  return empty ?? children;
}

type Deleting = { kind: 'channel' | 'rule'; id: string; name: string };

/**
 * /settings/alerts: channels (send test), rules and the delivery log of the workspace (issue 20).
 * Members see everything but the buttons and forms; admins and the owner manage.
 */
export function AlertsPage() {
  const lang = useLang();
  const t = alertText(lang);
  const { channels, rules, log } = useAlerts();
  const { canManage, readOnly } = useCanManageAlerts();
  const groupNames = useGroupNames();
  const m = useAlertMutations();
  const channelList = channels.data ?? [];
  const nameOf = new Map(channelList.map((c) => [c.id, c.name]));
  const list = (items: string[]) => items.join(lang === 'fa' ? '، ' : ', ');
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [hook, setHook] = useState<{ channelId: string; url: string; secret: string } | null>(null);
  const remove = (target: Deleting) => {
    const mutation = target.kind === 'channel' ? m.deleteChannel : m.deleteRule;
    mutation.mutate(target.id, {
      onSuccess: () => {
        setDeleting(null);
        snackbarStore.show(
          t(target.kind === 'channel' ? 'channelDeleted' : 'ruleDeleted').replace('{name}', target.name),
          'success',
        );
      },
      onError: (error) => snackbarStore.show(errorText(error, lang), 'error'),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold">{t('title')}</h2>
        {readOnly ? <p className="mt-2 text-xs text-zinc-500">{t('readOnly')}</p> : null}
      </div>

      <section className={card} aria-labelledby="alerts-channels">
        <h3 id="alerts-channels" className="font-semibold">
          {t('channels')}
        </h3>
        <Loaded
          query={channels}
          empty={
            channelList.length === 0 ? (
              <p className="mt-3 text-sm text-zinc-500" data-testid="channels-empty">
                {t('emptyChannels')}
              </p>
            ) : null
          }
        >
          <ul
            className="mt-3 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
            data-testid="channel-list"
          >
            {channelList.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                <span className="font-medium">{c.name}</span>
                <span className="text-zinc-400">{t(`kind.${c.kind}`)}</span>
                <span className="text-zinc-500" dir="ltr">
                  {Object.values(c.secrets).join(' ')}
                </span>
                {canManage ? (
                  <span className="ms-auto flex flex-wrap gap-2">
                    {c.kind === 'jira' || c.kind === 'github' ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          m.newWebhookSecret.mutate(c.id, {
                            onSuccess: (hook) => setHook({ channelId: c.id, ...hook }),
                          })
                        }
                        aria-label={`${t('webhookSecret')} ${c.name}`}
                      >
                        {t('webhookSecret')}
                      </Button>
                    ) : null}
                    <Button
                      variant="secondary"
                      onClick={() => m.testChannel.mutate(c.id)}
                      aria-label={`${t('test')} ${c.name}`}
                    >
                      {t('test')}
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => setDeleting({ kind: 'channel', id: c.id, name: c.name })}
                      aria-label={`${t('delete')} ${c.name}`}
                    >
                      {t('delete')}
                    </Button>
                  </span>
                ) : null}
                {hook?.channelId === c.id ? (
                  <div className="w-full rounded-lg bg-zinc-900 p-2 text-xs" data-testid="tracker-webhook">
                    <p className="text-zinc-400">{t('webhookShownOnce')}</p>
                    <p className="mt-1 break-all">
                      {t('url')}: <bdi dir="ltr">{hook.url}</bdi>
                    </p>
                    <p className="mt-1 break-all">
                      {t('webhookSecretLabel')}: <bdi dir="ltr">{hook.secret}</bdi>
                    </p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Loaded>
        {canManage ? <ChannelForm lang={lang} /> : null}
      </section>

      <section className={card} aria-labelledby="alerts-rules">
        <h3 id="alerts-rules" className="font-semibold">
          {t('rules')}
        </h3>
        <Loaded
          query={rules}
          empty={
            (rules.data ?? []).length === 0 ? (
              <p className="mt-3 text-sm text-zinc-500" data-testid="rules-empty">
                {t('emptyRules')}
              </p>
            ) : null
          }
        >
          <ul
            className="mt-3 divide-y divide-zinc-800 rounded-xl border border-zinc-800"
            data-testid="rule-list"
          >
            {(rules.data ?? []).map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                <span className="font-medium">{r.name}</span>
                <span className="text-zinc-400">{list(r.triggers.map((k) => t(`trigger.${k}`)))}</span>
                <span className="text-zinc-400" data-testid="rule-groups-shown">
                  {r.asset_group_ids.length
                    ? list(r.asset_group_ids.map((id) => groupNames.get(id) ?? id))
                    : t('allGroups')}
                </span>
                <span className="text-zinc-500">
                  {t('sendTo')}: {list(r.channel_ids.map((id) => nameOf.get(id) ?? id))}
                </span>
                {canManage ? (
                  <Button
                    variant="ghost"
                    className="ms-auto"
                    onClick={() => setDeleting({ kind: 'rule', id: r.id, name: r.name })}
                    aria-label={`${t('delete')} ${r.name}`}
                  >
                    {t('delete')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </Loaded>
        {canManage ? <RuleForm lang={lang} channels={channelList} /> : null}
      </section>

      <section className={card} aria-labelledby="alerts-log">
        <div className="flex items-center">
          <h3 id="alerts-log" className="font-semibold">
            {t('log')}
          </h3>
          <Button variant="secondary" className="ms-auto" onClick={() => void log.refetch()}>
            {t('refresh')}
          </Button>
        </div>
        <Loaded
          query={log}
          empty={
            (log.data?.results ?? []).length === 0 ? (
              <p className="mt-3 text-sm text-zinc-500" data-testid="log-empty">
                {t('emptyLog')}
              </p>
            ) : null
          }
        >
          {/* The log scrolls sideways inside its card on a phone; the page itself never does. */}
          <div className="mt-3 overflow-x-auto relative">
            <table className="w-full text-start text-sm" data-testid="delivery-log">
              <thead className="text-zinc-400">
                <tr>
                  {/* Status first: on a phone it is the one column seen without scrolling the log. */}
                  <th className="p-2 text-start">{t('status')}</th>
                  <th className="p-2 text-start">{t('time')}</th>
                  <th className="p-2 text-start">{t('channel')}</th>
                  <th className="p-2 text-start">{t('events')}</th>
                  <th className="p-2 text-start">{t('code')}</th>
                  <th className="p-2 text-start">{t('error')}</th>
                </tr>
              </thead>
              <tbody>
                {(log.data?.results ?? []).map((d) => {
                  const channel = nameOf.get(d.channel_id) ?? d.channel_id;
                  return (
                    <tr
                      key={d.id}
                      className="border-t border-zinc-800"
                      data-testid="delivery-row"
                      data-status={d.status}
                    >
                      <td className="whitespace-nowrap p-2" data-testid="delivery-status">
                        {t(`status.${d.status}`)}
                      </td>
                      {/* The panel's one date format ("6 Azar 1405, 13:05"), not the browser's numeric one. */}
                      <td className="whitespace-nowrap p-2" data-testid="delivery-time">
                        {formatDateTime(d.created_at, lang)}
                      </td>
                      {/* A channel's name on one line, cut short past 10 rem (the whole name on hover):
                        wrapped, a short name broke mid-phrase on a phone; whole, a long one pushed
                        the status out of sight. */}
                      <td className="p-2">
                        <bdi
                          className="block max-w-40 truncate"
                          title={channel}
                          data-testid="delivery-channel"
                        >
                          {channel}
                        </bdi>
                      </td>
                      <td className="p-2">
                        {d.purpose === 'test'
                          ? t('testMessage')
                          : list(d.event_kinds.map((k) => (isEventKind(k) ? t(`trigger.${k}`) : k)))}
                      </td>
                      <td className="p-2" data-testid="delivery-code">
                        {d.response_code === null ? '—' : formatNumber(d.response_code, lang)}
                      </td>
                      <td className="p-2 text-red-300">
                        <bdi>{d.error ? deliveryErrorText(d.error, lang) : ''}</bdi>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Loaded>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t(deleting.kind === 'channel' ? 'deleteChannelTitle' : 'deleteRuleTitle') : ''}
        body={
          deleting
            ? t(deleting.kind === 'channel' ? 'deleteChannelBody' : 'deleteRuleBody').replace(
                '{name}',
                deleting.name,
              )
            : ''
        }
        confirmLabel={t('delete')}
        pending={m.deleteChannel.isPending || m.deleteRule.isPending}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
