import type { Notification } from '@didban/core';
import { useLang } from '../../hooks/use-lang';
import { useRelativeTime } from '../../hooks/use-relative-time';
import { formatDateTime } from '../../lib/format-date';

/** One notification's text and age; the full date is in the tooltip (Persian calendar in fa). */
export function NotificationText({ notification }: { notification: Notification }) {
  const ago = useRelativeTime();
  const lang = useLang();
  return (
    <span className="flex min-w-0 flex-col gap-0.5 text-start">
      <span className={`text-sm ${notification.seen ? 'text-zinc-400' : 'text-zinc-100'}`}>
        {notification.text}
      </span>
      <time
        dateTime={notification.time}
        title={formatDateTime(notification.time, lang)}
        className="text-xs text-zinc-500"
      >
        {ago(notification.time)}
      </time>
    </span>
  );
}
