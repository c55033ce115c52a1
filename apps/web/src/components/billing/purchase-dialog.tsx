import { type License, PAYMENT_PROVIDERS, type PaymentProvider } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPayment } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { formatDate, formatPrice } from '../../lib/format-date';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/** Spec §2: confirm the purchase and choose the national gateway or Bitcoin. */
export function PurchaseDialog({ license, onClose }: { license: License | null; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const [provider, setProvider] = useState<PaymentProvider>('zarinpal');
  const pay = useRequestPayment();
  return (
    <Modal open={license !== null} onClose={onClose} title={t('billing.confirmTitle')}>
      {license ? (
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-zinc-300">
            {t('billing.confirmBody', {
              title: license.title,
              price: formatPrice(license.price, license.currency, lang),
              date: formatDate(license.valid_until, lang),
            })}
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-zinc-300">{t('billing.payWith')}</legend>
            {PAYMENT_PROVIDERS.map((key) => (
              <label
                key={key}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-zinc-700 px-3 py-2 text-sm has-checked:border-brand-500"
              >
                <input
                  type="radio"
                  name="provider"
                  value={key}
                  checked={provider === key}
                  onChange={() => setProvider(key)}
                  className="accent-brand-500"
                />
                {t(`billing.providers.${key}`)}
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('shared:cancel')}
            </Button>
            <Button
              onClick={() => pay.mutate({ license_id: license.id, provider })}
              disabled={pay.isPending || pay.isSuccess}
            >
              {pay.isPending || pay.isSuccess ? t('billing.redirecting') : t('billing.pay')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
