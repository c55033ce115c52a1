import { type Dashboard, totalOf } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { PATHS } from '../../routes/paths';

type Stat = { key: string; label: string; value: number | undefined; to: string; tone?: string };

/** Spec §1 live statistics: scans (total, running, completed, scheduled), groups, assets, open findings. */
export function LiveStatistics({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const stats: Stat[] = [
    { key: 'scans-total', label: t('stats.scansTotal'), value: data?.scans.total, to: PATHS.scans },
    {
      key: 'scans-running',
      label: t('stats.scansRunning'),
      value: data?.scans.running,
      to: PATHS.scans,
      tone: 'text-sky-300',
    },
    {
      key: 'scans-completed',
      label: t('stats.scansCompleted'),
      value: data?.scans.completed,
      to: PATHS.scans,
      tone: 'text-emerald-300',
    },
    {
      key: 'scans-scheduled',
      label: t('stats.scansScheduled'),
      value: data?.scans.scheduled,
      to: PATHS.scans,
      tone: 'text-amber-300',
    },
    { key: 'asset-groups', label: t('stats.assetGroups'), value: data?.asset_groups, to: PATHS.assetGroups },
    { key: 'assets', label: t('stats.assets'), value: data?.assets, to: PATHS.assetInventory },
    {
      key: 'open-vulnerabilities',
      label: t('stats.openVulnerabilities'),
      value: data ? totalOf(data.vulnerabilities) : undefined,
      to: PATHS.scans,
      tone: 'text-red-300',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {stats.map((stat) => (
        <li key={stat.key}>
          <Link
            to={stat.to}
            data-testid={`home-stat-${stat.key}`}
            className="block h-full rounded-2xl border border-zinc-800 bg-zinc-900/60 p-4 transition hover:border-brand-500/60"
          >
            <span className="block text-xs text-zinc-400">{stat.label}</span>
            <span
              className={`mt-2 block text-2xl font-bold tabular-nums ${stat.tone ?? 'text-zinc-100'}`}
              data-value={stat.value ?? ''}
            >
              {stat.value === undefined ? '…' : formatNumber(stat.value, lang)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
