import type { License } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';

/** What a licence allows, as a short list. */
export function LicenseLimits({ license }: { license: License }) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <ul className="flex flex-col gap-1 text-sm text-zinc-300">
      <li>{t('billing.limits.scans', { n: n(license.scans) })}</li>
      <li>{t('billing.limits.assets', { n: n(license.assets) })}</li>
      <li>{t('billing.limits.teams', { n: n(license.teams) })}</li>
      <li>{t('billing.limits.teamMembers', { n: n(license.team_members) })}</li>
      <li>{t('billing.limits.days', { n: n(license.duration_days) })}</li>
    </ul>
  );
}
