import type { Notification } from '@didban/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import { errorText } from '../lib/error-text';
import { formatNumber } from '../lib/format-date';
import { snackbarStore } from '../lib/snackbar-store';
import { useLang } from './use-lang';

const KEYS = {
  all: ['notifications'] as const,
  feed: ['notifications', 'feed'] as const,
  history: (page: number, pageSize: number) => ['notifications', 'history', page, pageSize] as const,
};

/** How often the bell asks for news while the tab is visible. */
export const BELL_POLL_MS = 30_000;

/**
 * The bell: unseen notifications and the counters, asked again every 30 s while the tab is
 * visible (TanStack pauses the interval in a hidden tab: `refetchIntervalInBackground` is off).
 */
export function useNotificationFeed(enabled = true) {
  return useQuery({
    queryKey: KEYS.feed,
    queryFn: api.notifications.feed,
    enabled,
    refetchInterval: BELL_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useNotificationHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: KEYS.history(page, pageSize),
    queryFn: () => api.notifications.history(page, pageSize),
    placeholderData: (previous) => previous,
  });
}

export function useMarkNotificationSeen() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('settings');
  const lang = useLang();
  return useMutation({
    mutationFn: (id: string) => api.notifications.markSeen(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
    onError: (error) => snackbarStore.show(errorText(error, lang, t('notifications.markFailed')), 'error'),
  });
}

export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('settings');
  const lang = useLang();
  return useMutation({
    mutationFn: () => api.notifications.markAllSeen(),
    onSuccess: ({ updated }) => {
      snackbarStore.show(
        t('notifications.allMarked', { count: updated, n: formatNumber(updated, lang) }),
        'success',
      );
      return queryClient.invalidateQueries({ queryKey: KEYS.all });
    },
    onError: (error) => snackbarStore.show(errorText(error, lang, t('notifications.markFailed')), 'error'),
  });
}

/**
 * Spec §4: opening an unseen notification marks it seen, then goes to its link. Links are panel
 * paths; anything else opens as a normal address.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markSeen = useMarkNotificationSeen();
  const { t } = useTranslation('settings');
  return async (notification: Notification) => {
    if (!notification.seen) {
      try {
        await markSeen.mutateAsync(notification.id);
        // Spec §9 success message, as for the per-item button.
        snackbarStore.show(t('notifications.markedSeen'), 'success');
      } catch {
        // The error is already shown; still follow the link, which is what the user asked for.
      }
    }
    const link = notification.link;
    if (!link) return;
    if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
    else window.location.assign(link);
  };
}
