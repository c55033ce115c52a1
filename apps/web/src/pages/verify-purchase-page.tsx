import type { PaymentVerifyResult } from '@didban/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { BILLING_KEYS } from '../hooks/use-billing';
import { useLang } from '../hooks/use-lang';
import { useOnce } from '../hooks/use-once';
import { api } from '../lib/api';
import { errorText } from '../lib/error-text';
import { formatDate } from '../lib/format-date';
import { PATHS } from '../routes/paths';

/**
 * /vpl: the provider sends the buyer back here; the page's whole query goes to
 * `license/payment/verify/`. A failure goes to the generic error page, whose billing link leads
 * back (spec §2).
 */
export function VerifyPurchasePage() {
  const { t } = useTranslation('callbacks');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<PaymentVerifyResult | null>(null);

  useOnce(() => {
    api.billing
      .verifyPayment(window.location.search)
      .then((answer) => {
        setResult(answer);
        // The plan in the profile menu and the billing page follow the new licence.
        void queryClient.invalidateQueries({ queryKey: BILLING_KEYS.all });
      })
      .catch((error: unknown) =>
        navigate(PATHS.callbackError, {
          replace: true,
          state: { message: errorText(error, lang, t('vpl.failed')) },
        }),
      );
  });

  if (!result)
    return (
      <p className="mt-16 text-center text-zinc-300" role="status">
        {t('vpl.working')}
      </p>
    );
  const completed = result.status === 'completed';
  return (
    <section
      className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4 text-center"
      data-testid="vpl-result"
    >
      <div
        className={`grid size-14 place-items-center rounded-full ${completed ? 'bg-emerald-500/15 text-emerald-400' : 'bg-amber-500/15 text-amber-400'}`}
      >
        <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
          {completed ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          ) : (
            <path d="M12 7v5l3 3" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          )}
        </svg>
      </div>
      <h1 className="text-2xl font-semibold">{t(completed ? 'vpl.successTitle' : 'vpl.pendingTitle')}</h1>
      <p className="text-zinc-300">
        {completed && result.license
          ? t('vpl.successBody', {
              title: result.license.title,
              date: formatDate(result.license.valid_until, lang),
            })
          : t('vpl.pendingBody')}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={PATHS.settingsBilling} className={buttonClass('primary')}>
          {t('vpl.toBilling')}
        </Link>
        <Link to={PATHS.settingsOrderHistory} className={buttonClass('secondary')}>
          {t('vpl.toOrders')}
        </Link>
      </div>
    </section>
  );
}
