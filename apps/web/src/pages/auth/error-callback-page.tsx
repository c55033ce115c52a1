import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { isRouteAvailable } from '../../routes/availability';
import { PATHS } from '../../routes/paths';

/**
 * The generic error callback page (spec §2) with its exact texts and links back to login or
 * billing. Callers may pass the precise reason as router state; it is shown underneath.
 */
export function ErrorCallbackPage() {
  const { t } = useTranslation('callbacks');
  const reason = (useLocation().state as { message?: string } | null)?.message;
  return (
    <section className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4 text-center">
      <div className="grid size-14 place-items-center rounded-full bg-red-500/15 text-red-400">
        <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
          <path d="M12 7v6M12 17h.01" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
        </svg>
      </div>
      <h1 className="text-2xl font-semibold">{t('error.title')}</h1>
      <p className="text-zinc-300">{t('error.body')}</p>
      {reason ? <p className="text-sm text-zinc-500">{reason}</p> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={PATHS.signIn} className={buttonClass('primary')}>
          {t('error.toSignIn')}
        </Link>
        {isRouteAvailable(PATHS.settingsBilling) ? (
          <Link to={PATHS.settingsBilling} className={buttonClass('secondary')}>
            {t('error.toBilling')}
          </Link>
        ) : (
          // Billing arrives with its own issue; until then the way back is shown but inert.
          <span aria-disabled="true" className={buttonClass('secondary', 'pointer-events-none opacity-50')}>
            {t('error.toBilling')}
          </span>
        )}
      </div>
    </section>
  );
}
