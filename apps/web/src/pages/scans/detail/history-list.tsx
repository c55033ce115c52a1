import type { ScanHistory } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RunCount } from '../../../components/scans/run-count';
import { ScanStatusBadge } from '../../../components/scans/scan-badges';
import { SeverityCounts } from '../../../components/scans/severity-counts';
import { Pagination } from '../../../components/ui/pagination';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime } from '../../../lib/format-date';
import { scanProgressPath } from '../../../routes/paths';
import { useScanHistories } from '../use-scans';
import { useDurationText } from './use-duration-text';

const inFlight = (h: ScanHistory) => h.status === 'running' || h.status === 'initializing';

/**
 * A scan's runs, newest first, paged (spec §9: the list is at most 15rem tall). Each shows its
 * status, [done/total] (or N/A), duration and findings; choosing one shows its vulnerabilities.
 */
export function HistoryList({
  scanId,
  page,
  onPage,
  selected,
  onSelect,
}: {
  scanId: string;
  page: number;
  onPage: (page: number) => void;
  selected: string | null;
  onSelect: (history: ScanHistory) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const duration = useDurationText();
  const histories = useScanHistories(scanId, page);
  const items = histories.data?.results ?? [];
  const th = 'px-3 py-2 text-start text-xs font-medium text-zinc-400';

  return (
    <section aria-labelledby="scan-histories" className="flex flex-col gap-3">
      <h2 id="scan-histories" className="text-lg font-semibold">
        {t('detail.histories')}
      </h2>
      {histories.isLoading ? (
        <p className="text-sm text-zinc-500">{t('form.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('detail.historiesEmpty')}</p>
      ) : (
        <div className="relative max-h-60 overflow-auto rounded-2xl border border-zinc-800">
          <table className="w-full min-w-[40rem] text-sm" data-testid="history-table">
            <thead className="sticky top-0 bg-zinc-900">
              <tr>
                <th className={th}>{t('detail.historyColumns.started')}</th>
                <th className={th}>{t('detail.historyColumns.status')}</th>
                <th className={th}>{t('detail.historyColumns.progress')}</th>
                <th className={th}>{t('detail.historyColumns.duration')}</th>
                <th className={th}>{t('detail.historyColumns.findings')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {items.map((h) => {
                const when = formatDateTime(h.started_at ?? h.created_at, lang);
                const on = h.id === selected;
                return (
                  <tr
                    key={h.id}
                    aria-selected={on}
                    data-testid="history-row"
                    data-history-id={h.id}
                    className={on ? 'bg-brand-600/15' : 'hover:bg-zinc-900/60'}
                  >
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        onClick={() => onSelect(h)}
                        aria-pressed={on}
                        aria-label={t('detail.selectRun', { when })}
                        className="text-start text-zinc-100 hover:text-brand-300 hover:underline"
                      >
                        {when}
                      </button>
                      <span className="ms-2 text-xs text-zinc-500">{t(`detail.trigger.${h.trigger}`)}</span>
                    </td>
                    <td className="px-3 py-2">
                      <ScanStatusBadge status={h.status} />
                    </td>
                    <td className="px-3 py-2 text-zinc-300 tabular-nums">
                      <span className="inline-flex items-center gap-2">
                        <RunCount run={h} testId="history-progress" />
                        {inFlight(h) ? (
                          <Link
                            to={scanProgressPath(scanId, h.id)}
                            className="text-xs text-brand-300 hover:underline"
                          >
                            {t('detail.follow')}
                          </Link>
                        ) : null}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-zinc-400">{duration(h.duration)}</td>
                    <td className="px-3 py-2">
                      <SeverityCounts counts={h.findings} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} totalPages={histories.data?.total_pages ?? 1} onChange={onPage} />
    </section>
  );
}
