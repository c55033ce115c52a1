import { SCAN_FREQUENCIES, type ScanFrequency } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLang } from '../../../hooks/use-lang';
import { intlLocale } from '../../../lib/language';
import type { ScanFormState } from './scan-form-state';

// 7 January 2024 was a Sunday: day 0 of the server's numbering.
const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));

/** Scan schedule (spec §3): frequency, the weekdays of a custom one, and the start time. */
export function ScheduleFields({
  form,
  weekdaysError,
  onChange,
}: {
  form: ScanFormState;
  weekdaysError?: string | undefined;
  onChange: (patch: Partial<ScanFormState>) => void;
}) {
  const { t } = useTranslation('scans');
  const locale = intlLocale(useLang());
  const toggleDay = (day: number) =>
    onChange({
      weekdays: form.weekdays.includes(day)
        ? form.weekdays.filter((d) => d !== day)
        : [...form.weekdays, day],
    });
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-3">
      <legend className="px-1 text-sm font-medium text-zinc-300">{t('form.schedule')}</legend>
      <SelectField
        label={t('form.frequency')}
        value={form.frequency}
        onChange={(e) => onChange({ frequency: e.target.value as ScanFrequency })}
        data-testid="scan-frequency"
      >
        {SCAN_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`form.frequencies.${f}`)}
          </option>
        ))}
      </SelectField>
      {form.frequency === 'custom' ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-300">{t('form.weekdays')}</legend>
          <div className="flex flex-wrap gap-2">
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <label
                key={day}
                className="flex items-center gap-1.5 rounded-md border border-zinc-700 px-2 py-1 text-sm"
              >
                <input
                  type="checkbox"
                  checked={form.weekdays.includes(day)}
                  onChange={() => toggleDay(day)}
                />
                {weekdayName(day, locale)}
              </label>
            ))}
          </div>
          {weekdaysError ? (
            <p role="alert" className="text-xs text-red-400" data-field-error>
              {weekdaysError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {form.frequency !== 'none' ? (
        <TextField
          label={t('form.startTime')}
          type="datetime-local"
          value={form.startTime}
          onChange={(e) => onChange({ startTime: e.target.value })}
          data-testid="scan-start-time"
        />
      ) : null}
    </fieldset>
  );
}
