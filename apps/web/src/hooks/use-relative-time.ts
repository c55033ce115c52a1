import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format-date';
import { relativeTime } from '../lib/relative-time';
import { useLang } from './use-lang';

/** "5 minutes ago" / "۵ دقیقه پیش" (spec §9). */
export function useRelativeTime(): (time: string | number | Date, now?: number) => string {
  const { t } = useTranslation('shared');
  const lang = useLang();
  return (time, now) => {
    const r = relativeTime(time, now);
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
