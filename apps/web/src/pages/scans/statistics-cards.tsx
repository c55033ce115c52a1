import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { useScanStatistics } from './use-scans';

const CARDS = [
  { key: 'total', accent: 'text-zinc-100' },
  { key: 'running', accent: 'text-sky-300' },
  { key: 'completed', accent: 'text-emerald-300' },
  { key: 'scheduled', accent: 'text-brand-300' },
] as const;

/** The four counters of spec §2 /scans: total, running, completed, scheduled. */
export function StatisticsCards() {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const stats = useScanStatistics();
  return (
    <section aria-label={t('list.stats.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map((card) => (
        <div
          key={card.key}
          className="rounded-2xl border border-zinc-800 bg-zinc-900/60 px-5 py-4"
          data-testid={`scan-stat-${card.key}`}
        >
          <p className="text-sm text-zinc-400">{t(`list.stats.${card.key}`)}</p>
          <p
            className={`mt-1 text-2xl font-semibold tabular-nums ${card.accent}`}
            data-testid="scan-stat-value"
            data-value={stats.data?.[card.key]}
          >
            {stats.data ? formatNumber(stats.data[card.key], lang) : '—'}
          </p>
        </div>
      ))}
    </section>
  );
}
