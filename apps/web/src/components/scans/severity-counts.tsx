import { BREAKDOWN_SEVERITIES, type SeverityCounts as Counts, totalOf } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { SEVERITY_CLASS } from './scan-tones';

/**
 * Findings by the five severities of spec §1, as small chips that name their severity and count;
 * a dash when there are none. The name is written on the chip, not left to its colour.
 */
export function SeverityCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  if (totalOf(counts) === 0) return <span className="text-zinc-500">—</span>;
  return (
    <ul className="flex flex-wrap gap-1" data-testid="severity-counts">
      {BREAKDOWN_SEVERITIES.filter((s) => counts[s] > 0).map((s) => (
        <li
          key={s}
          title={t(`severity.${s}`)}
          aria-label={`${t(`severity.${s}`)}: ${formatNumber(counts[s], lang)}`}
          data-severity={s}
          className={`inline-flex min-w-7 items-center justify-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${SEVERITY_CLASS[s]}`}
        >
          <span aria-hidden="true" className="font-normal">
            {t(`severityShort.${s}`)}
          </span>
          <span aria-hidden="true">{formatNumber(counts[s], lang)}</span>
        </li>
      ))}
    </ul>
  );
}
