import { BREAKDOWN_SEVERITIES, type SeverityCounts, totalOf } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';

const BAR_TONE = {
  critical: 'bg-red-600',
  high: 'bg-orange-500',
  medium: 'bg-amber-400',
  low: 'bg-sky-500',
  info: 'bg-zinc-400',
} as const;

/**
 * Spec §1 vulnerability breakdown: open findings by critical, high, medium, low and info (unknown
 * counted as info by the server), each bar scaled to the largest count.
 */
export function SeverityBreakdown({ counts }: { counts: SeverityCounts }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const max = Math.max(...BREAKDOWN_SEVERITIES.map((s) => counts[s]));
  if (totalOf(counts) === 0) {
    return <p className="text-sm text-zinc-500">{t('severity.empty')}</p>;
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="home-severity-breakdown">
      {BREAKDOWN_SEVERITIES.map((severity) => (
        <li key={severity} className="grid grid-cols-[6rem_1fr_3rem] items-center gap-3 text-sm">
          <span className="text-zinc-300">{t(`severity.${severity}`)}</span>
          <span className="h-3 overflow-hidden rounded-full bg-zinc-800">
            <span
              className={`block h-full rounded-full ${BAR_TONE[severity]}`}
              style={{ width: `${max ? (counts[severity] / max) * 100 : 0}%` }}
            />
          </span>
          <span
            className="text-end font-semibold tabular-nums"
            data-testid={`home-severity-${severity}`}
            data-value={counts[severity]}
          >
            {formatNumber(counts[severity], lang)}
          </span>
        </li>
      ))}
    </ul>
  );
}
