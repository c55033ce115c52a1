import type { Dashboard } from '@didban/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { intlLocale } from '../../lib/language';
import type { CountryWorkers } from './world-map-svg';

// The geometry and projection code load only when there are workers to show.
const WorldMapSvg = lazy(() => import('./world-map-svg').then((m) => ({ default: m.WorldMapSvg })));

/**
 * Spec §1 world map of workers: countries with workers highlighted on the map, and a list of every
 * country with how many workers it has and how many are online (workers without a known country
 * are listed as an unknown location).
 */
export function WorkerMap({ workers }: { workers: Dashboard['workers'] }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const names = useMemo(() => new Intl.DisplayNames([intlLocale(lang)], { type: 'region' }), [lang]);
  const countryName = (code: string | null) => {
    if (!code) return t('workersMap.unknownCountry');
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };

  if (workers.length === 0) return <p className="text-sm text-zinc-500">{t('workersMap.empty')}</p>;

  const located: CountryWorkers[] = workers
    .filter((w): w is typeof w & { country: string } => !!w.country)
    .map((w) => ({
      country: w.country,
      total: w.total,
      online: w.online,
      count: formatNumber(w.total, lang),
      label: t('workersMap.tooltip', {
        country: countryName(w.country),
        total: formatNumber(w.total, lang),
        online: formatNumber(w.online, lang),
      }),
    }));

  return (
    <div className="flex flex-col gap-5">
      <div className="min-h-40">
        <Suspense fallback={<p className="text-sm text-zinc-500">{t('workersMap.loadingMap')}</p>}>
          <WorldMapSvg workers={located} label={t('workersMap.mapLabel')} />
        </Suspense>
        <ul className="mt-3 flex flex-wrap gap-4 text-xs text-zinc-400">
          <Legend className="bg-brand-500" text={t('workersMap.legendOnline')} />
          <Legend className="bg-brand-700/45" text={t('workersMap.legendOffline')} />
          <Legend className="bg-zinc-800" text={t('workersMap.legendNone')} />
        </ul>
      </div>
      <table className="h-fit w-full text-sm" data-testid="home-worker-countries">
        <thead>
          <tr className="text-xs text-zinc-400">
            <th className="pb-2 text-start font-medium">{t('workersMap.country')}</th>
            <th className="pb-2 text-end font-medium">{t('workersMap.total')}</th>
            <th className="pb-2 text-end font-medium">{t('workersMap.online')}</th>
          </tr>
        </thead>
        <tbody>
          {workers.map((w) => (
            <tr
              key={w.country ?? 'unknown'}
              className="border-t border-zinc-800"
              data-country={w.country ?? ''}
            >
              <td className="py-1.5">{countryName(w.country)}</td>
              <td className="py-1.5 text-end tabular-nums">{formatNumber(w.total, lang)}</td>
              <td className="py-1.5 text-end tabular-nums text-emerald-300">
                {formatNumber(w.online, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Legend({ className, text }: { className: string; text: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span className={`inline-block size-3 rounded-sm ${className}`} aria-hidden="true" />
      {text}
    </li>
  );
}
