import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format-date';
import { relativeTime } from '../lib/relative-time';
import { useLang } from './use-lang';

// Often enough that "just now" turns into "1 minute ago" on time, rarely enough to cost nothing.
const TICK_MS = 20_000;

/** The current time, renewed every TICK_MS so relative times on screen keep moving. */
function useTickingNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "5 minutes ago" / "۵ دقیقه پیش" (spec §9); the component re-renders as time passes. */
export function useRelativeTime(): (time: string | number | Date, now?: number) => string {
  const { t } = useTranslation('shared');
  const lang = useLang();
  const ticking = useTickingNow();
  return (time, now) => {
    const r = relativeTime(time, now ?? Math.max(ticking, Date.now()));
    const n = formatNumber(r.count, lang);
    switch (r.unit) {
      case 'just_now':
        return t('time.justNow');
      case 'minutes':
        return t('time.minutesAgo', { count: r.count, n });
      case 'hours':
        return t('time.hoursAgo', { count: r.count, n });
      case 'days':
        return t('time.daysAgo', { count: r.count, n });
    }
  };
}
