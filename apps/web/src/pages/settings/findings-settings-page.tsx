import { useTranslation } from 'react-i18next';
import { AutoRetestSettingsForm } from '../../components/findings/auto-retest-settings';
import { SlaSettingsForm } from '../../components/findings/sla-settings';

/**
 * /settings/findings: how the current workspace handles its findings. Today the days to fix per
 * severity (SLA) that give every open finding its due date, and the automatic retest of open
 * findings (issue 32).
 */
export function FindingsSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h2 className="text-lg font-semibold">{t('nav.findings')}</h2>
      <SlaSettingsForm />
      <AutoRetestSettingsForm />
    </div>
  );
}
