import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLang } from '../../hooks/use-lang';
import {
  useMarkAllNotificationsSeen,
  useNotificationFeed,
  useOpenNotification,
} from '../../hooks/use-notifications';
import { badgeCount } from '../../lib/badge-count';
import { formatNumber } from '../../lib/format-date';
import { PATHS } from '../../routes/paths';
import { NotificationText } from './notification-item';

/** The bell (spec §2): unseen count as a badge (9+ above 9) and the newest unseen ones. */
export function NotificationBell() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const feed = useNotificationFeed();
  const open = useOpenNotification();
  const markAll = useMarkAllNotificationsSeen();
  const unseen = feed.data?.unseen_count ?? 0;
  const { pathname } = useLocation();
  const { refetch } = feed;

  // Fresh counts on every page change: the shell stays mounted, so "refetch on mount" alone
  // would leave the badge as it was at sign-in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page change is the trigger
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  const badge = badgeCount(unseen, (n) => formatNumber(n, lang));

  return (
    <Popover className="relative">
      <PopoverButton
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-zinc-800 hover:text-white"
        aria-label={
          unseen
            ? t('notifications.unseenLabel', { n: formatNumber(unseen, lang) })
            : t('notifications.label')
        }
        data-testid="notification-bell"
        onClick={() => void feed.refetch()}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinejoin="round"
          />
        </svg>
        {badge ? (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          >
            {badge}
          </span>
        ) : null}
      </PopoverButton>
      {/* On a phone the panel spans the window under the header (hung from the bell, 20 rem wide, it
          went past the window's edge); from sm up it hangs from the bell. */}
      <PopoverPanel className="fixed inset-x-4 top-16 z-50 rounded-xl border border-zinc-800 bg-zinc-900 shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-auto sm:mt-2 sm:w-80">
        {({ close }) => (
          <div className="flex flex-col">
            <div className="flex items-center justify-between border-b border-zinc-800 px-4 py-3">
              <h2 className="text-sm font-semibold">{t('notifications.title')}</h2>
              {unseen > 0 ? (
                <button
                  type="button"
                  className="text-xs text-brand-300 hover:underline disabled:opacity-50"
                  disabled={markAll.isPending}
                  onClick={() => markAll.mutate()}
                >
                  {t('notifications.markAllSeen')}
                </button>
              ) : null}
            </div>
            <ul className="max-h-80 overflow-y-auto p-1">
              {feed.data?.results.length ? (
                feed.data.results.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className="flex w-full items-start gap-2 rounded-lg px-3 py-2 hover:bg-zinc-800"
                      onClick={() => {
                        close();
                        void open(n);
                      }}
                    >
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
                      <NotificationText notification={n} />
                    </button>
                  </li>
                ))
              ) : (
                <li className="px-3 py-6 text-center text-sm text-zinc-500">{t('notifications.empty')}</li>
              )}
            </ul>
            <Link
              to={PATHS.settingsNotifications}
              onClick={() => close()}
              className="border-t border-zinc-800 px-4 py-2.5 text-center text-sm text-brand-300 hover:bg-zinc-800/60"
            >
              {t('notifications.viewAll')}
            </Link>
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
