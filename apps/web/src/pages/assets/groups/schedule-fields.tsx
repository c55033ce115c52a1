import { ENUMERATION_FREQUENCIES } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLang } from '../../../hooks/use-lang';
import { intlLocale } from '../../../lib/language';
import type { Frequency, GroupFormErrors, GroupFormState } from './group-form-state';

// 7 January 2024 was a Sunday: day 0 of the server's numbering.
const weekdayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));

/** Discovery schedule: frequency, weekdays for a custom one, and the first run's start. */
export function ScheduleFields({
  form,
  errors,
  onChange,
}: {
  form: GroupFormState;
  errors: GroupFormErrors;
  onChange: (patch: Partial<GroupFormState>) => void;
}) {
  const { t } = useTranslation('assets');
  const locale = intlLocale(useLang());
  const toggleDay = (day: number) =>
    onChange({
      weekdays: form.weekdays.includes(day)
        ? form.weekdays.filter((d) => d !== day)
        : [...form.weekdays, day],
    });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-zinc-300">{t('wizard.schedule')}</legend>
      <SelectField
        label={t('wizard.frequency')}
        value={form.frequency}
        onChange={(e) => onChange({ frequency: e.target.value as Frequency })}
      >
        {ENUMERATION_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`frequency.${f}`)}
          </option>
        ))}
      </SelectField>
      {form.frequency === 'custom' ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-300">{t('wizard.weekdays')}</legend>
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
          {errors.weekdays ? (
            <p role="alert" className="text-xs text-red-400" data-field-error>
              {errors.weekdays[0]}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {form.frequency !== 'none' ? (
        <TextField
          label={t('wizard.startTime')}
          type="datetime-local"
          value={form.startTime}
          errors={errors.startTime}
          onChange={(e) => onChange({ startTime: e.target.value })}
        />
      ) : null}
    </fieldset>
  );
}
