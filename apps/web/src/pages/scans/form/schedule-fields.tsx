import { SCAN_FREQUENCIES } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { ScheduleFields as Fields } from '../../../components/ui/schedule-fields';
import type { ScanFormState } from './scan-form-state';

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
  return (
    <Fields
      frequencies={SCAN_FREQUENCIES}
      value={form}
      words={{
        legend: t('form.schedule'),
        frequency: t('form.frequency'),
        frequencyName: (f) => t(`form.frequencies.${f}`),
        weekdays: t('form.weekdays'),
        startTime: t('form.startTime'),
      }}
      weekdaysError={weekdaysError}
      onChange={onChange}
      framed
      testIds={{ frequency: 'scan-frequency', startTime: 'scan-start-time' }}
    />
  );
}
