import { useTranslation } from 'react-i18next';
import { ActiveLicenseCard } from '../../components/billing/active-license';
import { LicenseCatalogue } from '../../components/billing/license-catalogue';
import { Card } from '../../components/ui/card';

/** /settings/billing: the active licence and the licences on sale (spec §2). */
export function BillingPage() {
  const { t } = useTranslation('settings');
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('billing.title')}</h2>
      <ActiveLicenseCard />
      <h3 className="mt-8 text-base font-semibold">{t('billing.available')}</h3>
      <LicenseCatalogue />
    </Card>
  );
}
