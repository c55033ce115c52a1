import { signInSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeading, AuthSwitch, CredentialFields } from '../../components/auth/credential-fields';
import { ExternalSignIn } from '../../components/auth/external-sign-in';
import { Button } from '../../components/ui/button';
import { useSessionForm } from '../../hooks/use-session-submit';
import { authApi } from '../../lib/auth-api';
import { PATHS } from '../../routes/paths';

/** /auth/sign-in: username, email and password (spec §5). */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { form, submit, onSubmit } = useSessionForm(
    signInSchema,
    { username: '', email: '', password: '' },
    authApi.login,
    t('loginFailed'),
  );
  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title={t('signIn.title')} subtitle={t('signIn.subtitle')} />
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <CredentialFields form={form} />
        <Link
          to={PATHS.forgotPassword}
          className="-mt-2 self-end text-xs font-medium text-brand-300 hover:underline"
          data-testid="forgot-password-link"
        >
          {t('signIn.forgot')}
        </Link>
        <Button type="submit" className="mt-2 w-full" disabled={submit.isPending}>
          {submit.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      <ExternalSignIn place="below-form" />
      <AuthSwitch question={t('signIn.noAccount')} link={t('signIn.toSignUp')} to={PATHS.signUp} />
    </div>
  );
}
