import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { durationParts } from './duration';

/** "2m 5s" / "۲ دقیقه و ۵ ثانیه"; a dash while a run has no duration yet. */
export function useDurationText(): (seconds: number | null) => string {
  const { t } = useTranslation('scans');
  const lang = useLang();
  return (seconds) => {
    if (seconds === null) return '—';
    const parts = durationParts(seconds);
    const n = (v: number) => formatNumber(v, lang);
    if (parts.key === 'seconds') return t('duration.seconds', { s: n(parts.s) });
    if (parts.key === 'minutes') return t('duration.minutes', { m: n(parts.m), s: n(parts.s) });
    return t('duration.hours', { h: n(parts.h), m: n(parts.m) });
  };
}
