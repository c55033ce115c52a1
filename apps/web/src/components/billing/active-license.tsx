import { useTranslation } from 'react-i18next';
import { useActiveLicense } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { formatDate } from '../../lib/format-date';
import { planOf } from '../../lib/plan';
import { QueryState } from '../ui/query-state';
import { LicenseLimits } from './license-limits';

/** The licence in force, or the free plan. */
export function ActiveLicenseCard() {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const active = useActiveLicense();
  if (active.isPending || active.isError) return <QueryState query={active} />;
  const license = active.data;
  return (
    <section
      className="mt-4 rounded-xl border border-brand-700/60 bg-brand-950/30 p-5"
      aria-labelledby="active-license"
      data-testid="active-license"
    >
      <h3 id="active-license" className="text-sm font-medium text-zinc-400">
        {t('billing.active')}
      </h3>
      <p className="mt-1 text-xl font-semibold" data-testid="active-plan">
        {t(`billing.plans.${planOf(license)}`)}
      </p>
      {license ? (
        <>
          <p className="mt-1 text-sm text-zinc-400" data-testid="active-until">
            {t('billing.validUntil', { date: formatDate(license.valid_until, lang) })}
          </p>
          <div className="mt-3">
            <LicenseLimits license={license} />
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-zinc-400">{t('billing.freeBody')}</p>
      )}
    </section>
  );
}
