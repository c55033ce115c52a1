import { signUpSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { AuthHeading, AuthSwitch, CredentialFields } from '../../components/auth/credential-fields';
import { ExternalSignIn } from '../../components/auth/external-sign-in';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSessionForm } from '../../hooks/use-session-submit';
import { authApi } from '../../lib/auth-api';
import { PATHS } from '../../routes/paths';

/** /auth/sign-up with the GitHub option (spec §2, §5). */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const { form, submit, onSubmit } = useSessionForm(
    signUpSchema,
    { username: '', email: '', password: '', confirm_password: '' },
    authApi.register,
    t('registerFailed'),
  );
  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
      <ExternalSignIn place="above-form" />
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <CredentialFields form={form} newPassword />
        <TextField
          label={t('fields.confirmPassword')}
          name="confirm_password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={form.values.confirm_password}
          errors={form.errors.confirm_password}
          onChange={(e) => form.setField('confirm_password', e.target.value)}
        />
        <Button type="submit" className="mt-2 w-full" disabled={submit.isPending}>
          {submit.isPending ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
      <AuthSwitch question={t('signUp.haveAccount')} link={t('signUp.toSignIn')} to={PATHS.signIn} />
    </div>
  );
}
