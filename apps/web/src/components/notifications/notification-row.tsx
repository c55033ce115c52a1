import type { Notification } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useMarkNotificationSeen, useOpenNotification } from '../../hooks/use-notifications';
import { snackbarStore } from '../../lib/snackbar-store';
import { Button } from '../ui/button';
import { Badge } from '../ui/status-badge';
import { NotificationText } from './notification-item';

/** A line of the notification history: open it (marks it seen), or only mark it seen. */
export function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation('settings');
  const open = useOpenNotification();
  const markSeen = useMarkNotificationSeen();
  return (
    // On a phone the badges and "mark as seen" go under the text, which keeps the full width
    // (side by side they squeezed it to one word a line).
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-3"
      data-testid="notification-row"
      data-seen={notification.seen}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.seen ? 'bg-zinc-700' : 'bg-brand-500'}`}
          aria-hidden="true"
        />
        <button
          type="button"
          className="min-w-0 flex-1 text-start disabled:cursor-default"
          onClick={() => void open(notification)}
          disabled={notification.seen && !notification.link}
        >
          <NotificationText notification={notification} />
        </button>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 ps-5 sm:justify-end sm:ps-0">
        {notification.link ? <Badge tone="info">{t('notifications.hasLink')}</Badge> : null}
        {notification.seen ? (
          <Badge tone="neutral">{t('notifications.seen')}</Badge>
        ) : (
          <>
            <Badge tone="success">{t('notifications.unseenBadge')}</Badge>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              disabled={markSeen.isPending}
              onClick={() =>
                markSeen.mutate(notification.id, {
                  onSuccess: () => snackbarStore.show(t('notifications.markedSeen'), 'success'),
                })
              }
            >
              {t('notifications.markSeen')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
