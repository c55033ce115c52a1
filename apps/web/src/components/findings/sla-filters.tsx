import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';

/** The due-within choices, in days. */
export const DUE_WITHIN_CHOICES = [7, 14, 30, 90] as const;

export type SlaFilter = { overdue: boolean; dueWithin: number | null };

/** The lists' SLA filters (issue 32): overdue only, and due within N days (overdue included). */
export function SlaFilters({ value, onChange }: { value: SlaFilter; onChange: (next: SlaFilter) => void }) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          checked={value.overdue}
          onChange={(e) => onChange({ ...value, overdue: e.target.checked })}
          className="size-4 accent-brand-500"
          data-testid="vuln-overdue-filter"
        />
        {t('lifecycle.filters.overdue')}
      </label>
      <select
        value={value.dueWithin ?? ''}
        aria-label={t('lifecycle.filters.dueWithin')}
        onChange={(e) => onChange({ ...value, dueWithin: e.target.value ? Number(e.target.value) : null })}
        className="rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm text-zinc-100"
        data-testid="vuln-due-within-filter"
      >
        <option value="">{t('lifecycle.filters.dueWithinAny')}</option>
        {DUE_WITHIN_CHOICES.map((days) => (
          <option key={days} value={days}>
            {t('lifecycle.filters.dueWithin')}{' '}
            {t('lifecycle.filters.dueWithinDays', { count: days, n: formatNumber(days, lang) })}
          </option>
        ))}
      </select>
    </div>
  );
}
