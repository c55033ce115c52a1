import { useLang } from '../../hooks/use-lang';
import { intlLocale } from '../../lib/language';
import { weekdayName } from '../../lib/weekday';
import { SelectField } from './select-field';
import { TextField } from './text-field';

export type ScheduleValue<F extends string> = { frequency: F; weekdays: number[]; startTime: string };

/** The fields' words, already in the reader's language (groups and scans have their own). */
export type ScheduleWords<F extends string> = {
  legend: string;
  frequency: string;
  frequencyName: (frequency: F) => string;
  weekdays: string;
  startTime: string;
};

/**
 * The one schedule editor (asset group discovery and scans): a frequency, the weekdays of a
 * custom one, and the first run's start for anything but 'none'.
 */
export function ScheduleFields<F extends string>({
  frequencies,
  value,
  words,
  weekdaysError,
  startTimeErrors,
  onChange,
  framed = false,
  testIds = {},
}: {
  frequencies: readonly F[];
  value: ScheduleValue<F>;
  words: ScheduleWords<F>;
  weekdaysError?: string | undefined;
  startTimeErrors?: string[] | undefined;
  onChange: (patch: Partial<ScheduleValue<F>>) => void;
  /** Drawn in its own bordered box (inside a longer form). */
  framed?: boolean;
  testIds?: { frequency?: string; startTime?: string };
}) {
  const locale = intlLocale(useLang());
  const toggleDay = (day: number) =>
    onChange({
      weekdays: value.weekdays.includes(day)
        ? value.weekdays.filter((d) => d !== day)
        : [...value.weekdays, day],
    });
  return (
    <fieldset className={`flex flex-col gap-3 ${framed ? 'rounded-lg border border-zinc-800 p-3' : ''}`}>
      <legend className={`text-sm font-medium text-zinc-300 ${framed ? 'px-1' : 'mb-2'}`}>
        {words.legend}
      </legend>
      <SelectField
        label={words.frequency}
        value={value.frequency}
        onChange={(e) => onChange({ frequency: e.target.value as F })}
        {...(testIds.frequency ? { 'data-testid': testIds.frequency } : {})}
      >
        {frequencies.map((f) => (
          <option key={f} value={f}>
            {words.frequencyName(f)}
          </option>
        ))}
      </SelectField>
      {value.frequency === 'custom' ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-300">{words.weekdays}</legend>
          <div className="flex flex-wrap gap-2">
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <label
                key={day}
                className="flex items-center gap-1.5 rounded-md border border-zinc-700 px-2 py-1 text-sm"
              >
                <input
                  type="checkbox"
                  checked={value.weekdays.includes(day)}
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
      {value.frequency !== 'none' ? (
        <TextField
          label={words.startTime}
          type="datetime-local"
          value={value.startTime}
          errors={startTimeErrors}
          onChange={(e) => onChange({ startTime: e.target.value })}
          {...(testIds.startTime ? { 'data-testid': testIds.startTime } : {})}
        />
      ) : null}
    </fieldset>
  );
}
