import type { License } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLicenses } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { formatPrice } from '../../lib/format-date';
import { Button } from '../ui/button';
import { QueryState } from '../ui/query-state';
import { LicenseLimits } from './license-limits';
import { PurchaseDialog } from './purchase-dialog';

/** The licences on sale, each with a Buy button. */
export function LicenseCatalogue() {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const licenses = useLicenses();
  const [buying, setBuying] = useState<License | null>(null);
  if (!licenses.data) return <QueryState query={licenses} />;
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {licenses.data.results.map((license) => (
          <article
            key={license.id}
            className="flex flex-col gap-3 rounded-xl border border-zinc-800 p-5"
            data-testid="license-card"
            aria-label={license.title}
          >
            <h4 className="text-lg font-semibold">{license.title}</h4>
            <p className="text-2xl font-semibold text-brand-300">
              {formatPrice(license.price, license.currency, lang)}
            </p>
            <LicenseLimits license={license} />
            <Button className="mt-auto" onClick={() => setBuying(license)}>
              {t('billing.buy', { title: license.title })}
            </Button>
          </article>
        ))}
      </div>
      <PurchaseDialog license={buying} onClose={() => setBuying(null)} />
    </>
  );
}
