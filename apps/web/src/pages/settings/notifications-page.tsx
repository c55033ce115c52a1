import { LIMITS } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationRow } from '../../components/notifications/notification-row';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { Badge } from '../../components/ui/status-badge';
import { useLang } from '../../hooks/use-lang';
import { useMarkAllNotificationsSeen, useNotificationHistory } from '../../hooks/use-notifications';
import { formatNumber } from '../../lib/format-date';

/** /settings/notifications: history with counters, refresh, mark one or all as seen (spec §2). */
export function NotificationsPage() {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const [page, setPage] = useState(1);
  const history = useNotificationHistory(page, LIMITS.defaultScanPageSize);
  const markAll = useMarkAllNotificationsSeen();
  const data = history.data;

  return (
    <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t('notifications.title')}</h2>
        {data ? (
          <div className="flex gap-2">
            <Badge tone="neutral">
              <span data-testid="notifications-total">
                {t('notifications.total', { n: formatNumber(data.result_count, lang) })}
              </span>
            </Badge>
            <Badge tone={data.unseen_count ? 'info' : 'neutral'}>
              <span data-testid="notifications-unseen">
                {t('notifications.unseen', { n: formatNumber(data.unseen_count, lang) })}
              </span>
            </Badge>
          </div>
        ) : null}
        <div className="ms-auto flex gap-2">
          <Button variant="secondary" onClick={() => void history.refetch()} disabled={history.isFetching}>
            {t('shared:refresh')}
          </Button>
          <Button onClick={() => markAll.mutate()} disabled={markAll.isPending || !data?.unseen_count}>
            {t('notifications.markAllSeen')}
          </Button>
        </div>
      </div>

      {!data ? (
        <QueryState query={history} />
      ) : data.results.length === 0 ? (
        <p className="mt-6 text-sm text-zinc-500">{t('notifications.empty')}</p>
      ) : (
        <ul className="mt-5 divide-y divide-zinc-800 rounded-xl border border-zinc-800">
          {data.results.map((n) => (
            <NotificationRow key={n.id} notification={n} />
          ))}
        </ul>
      )}
      {data ? (
        <div className="mt-5">
          <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
        </div>
      ) : null}
    </div>
  );
}
