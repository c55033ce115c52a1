import { useLang } from '../../hooks/use-lang';
import { useRelativeTime } from '../../hooks/use-relative-time';
import { formatDateTime } from '../../lib/format-date';

/**
 * "5 minutes ago" that keeps ticking while on screen, with the full date and time on hover (and
 * for machines in `dateTime`). The one way the panel shows how long ago something happened.
 */
export function TimeAgo({ time, testId }: { time: string; testId?: string }) {
  const lang = useLang();
  const ago = useRelativeTime();
  return (
    <time dateTime={time} title={formatDateTime(time, lang)} data-testid={testId}>
      {ago(time)}
    </time>
  );
}
