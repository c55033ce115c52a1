import { ENUMERATION_FREQUENCIES } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { ScheduleFields as Fields } from '../../../components/ui/schedule-fields';
import type { GroupFormErrors, GroupFormState } from './group-form-state';

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
  return (
    <Fields
      frequencies={ENUMERATION_FREQUENCIES}
      value={form}
      words={{
        legend: t('wizard.schedule'),
        frequency: t('wizard.frequency'),
        frequencyName: (f) => t(`frequency.${f}`),
        weekdays: t('wizard.weekdays'),
        startTime: t('wizard.startTime'),
      }}
      weekdaysError={errors.weekdays?.[0]}
      startTimeErrors={errors.startTime}
      onChange={onChange}
    />
  );
}
