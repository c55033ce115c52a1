import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useLang } from '../../hooks/use-lang';
import { useOnce } from '../../hooks/use-once';
import { authApi } from '../../lib/auth-api';
import { authStore } from '../../lib/auth-store';
import { errorText } from '../../lib/error-text';
import { PATHS } from '../../routes/paths';

type Outcome = { ok: true; email: string } | { ok: false; message: string };

/**
 * /auth/verify-email?token=…: the link emailed on sign-up and on an email change. Works signed
 * in or not (the token names the account and the address); says what happened either way.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('callbacks');
  const lang = useLang();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useOnce(() => {
    const token = params.get('token');
    if (!token) {
      setOutcome({ ok: false, message: t('verifyEmail.missing') });
      return;
    }
    authApi
      .verifyEmail(token)
      .then(({ email }) => {
        const { user } = authStore.getSnapshot();
        if (user && user.email.toLowerCase() === email.toLowerCase()) {
          authStore.setUser({ ...user, email_verified: true });
        }
        setOutcome({ ok: true, email });
      })
      .catch((error: unknown) => setOutcome({ ok: false, message: errorText(error, lang) }));
  });

  if (!outcome)
    return (
      <p className="mt-16 text-center text-zinc-300" role="status">
        {t('verifyEmail.working')}
      </p>
    );
  return (
    <section
      className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4 text-center"
      data-testid="verify-email-result"
    >
      <h1 className="text-2xl font-semibold">
        {t(outcome.ok ? 'verifyEmail.successTitle' : 'verifyEmail.failedTitle')}
      </h1>
      <p className="text-zinc-300" dir="auto">
        {outcome.ok ? t('verifyEmail.successBody', { email: outcome.email }) : outcome.message}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={PATHS.home} className={buttonClass('primary')}>
          {t('verifyEmail.toHome')}
        </Link>
        {!outcome.ok && (
          <Link to={PATHS.settings} className={buttonClass('secondary')}>
            {t('verifyEmail.toProfile')}
          </Link>
        )}
      </div>
    </section>
  );
}
