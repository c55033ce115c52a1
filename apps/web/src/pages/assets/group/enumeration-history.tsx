import type { EnumerationHistory } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';
import { GroupStatusBadge } from '../groups/group-status';
import { formatDuration, signedCount } from '../inventory/history-format';

const TONE = { success: 'text-emerald-300', error: 'text-red-300', neutral: 'text-zinc-400' } as const;

/** A duration in the reader's locale, whole seconds only (spec §3); '—' before any run. */
export function useDurationText() {
  const lang = useLang();
  return (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds, intlLocale(lang)));
}

/** The group's discovery runs, newest first: when, how long, status and the signed new-asset count. */
export function EnumerationHistoryList({ history }: { history: EnumerationHistory[] }) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const duration = useDurationText();
  if (history.length === 0) return <p className="text-sm text-zinc-500">{t('group.noHistory')}</p>;
  return (
    <div className="max-h-[15rem] overflow-y-auto">
      <table className="w-full text-sm">
        <thead className="text-xs text-zinc-400">
          <tr>
            <th className="py-1.5 text-start font-medium">{t('group.historyColumns.when')}</th>
            <th className="py-1.5 text-start font-medium">{t('group.historyColumns.status')}</th>
            <th className="py-1.5 text-start font-medium">{t('group.historyColumns.duration')}</th>
            <th className="py-1.5 text-start font-medium">{t('group.historyColumns.newAssets')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => {
            const count = signedCount(h.new_assets, (v) => formatNumber(v, lang));
            return (
              <tr key={h.id} data-testid="history-row" className="border-t border-zinc-800">
                <td className="py-2">{formatDateTime(h.completed_at ?? h.started_at, lang)}</td>
                <td className="py-2">
                  <GroupStatusBadge status={h.status} />
                </td>
                <td className="py-2 tabular-nums">{duration(h.duration)}</td>
                <td className={`py-2 tabular-nums ${TONE[count.tone]}`} data-testid="history-new-assets">
                  <span dir="ltr" className="inline-block">
                    {count.text}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
