import { signInSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ExternalSignIn } from '../../components/auth/external-sign-in';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useForm } from '../../hooks/use-form';
import { useSessionSubmit } from '../../hooks/use-session-submit';
import { authApi } from '../../lib/auth-api';
import { PATHS } from '../../routes/paths';

/** /auth/sign-in: username, email and password (spec §5). */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const form = useForm(signInSchema, { username: '', email: '', password: '' });
  const submit = useSessionSubmit(authApi.login, t('loginFailed'), form.setErrors);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (body) void submit.run(body);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('signIn.title')}</h1>
        <p className="mt-1 text-sm text-zinc-400">{t('signIn.subtitle')}</p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.username')}
          name="username"
          autoComplete="username"
          value={form.values.username}
          errors={form.errors.username}
          onChange={(e) => form.setField('username', e.target.value)}
        />
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={form.values.email}
          errors={form.errors.email}
          onChange={(e) => form.setField('email', e.target.value)}
        />
        <TextField
          label={t('fields.password')}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          value={form.values.password}
          errors={form.errors.password}
          onChange={(e) => form.setField('password', e.target.value)}
        />
        <Button type="submit" className="mt-2 w-full" disabled={submit.isPending}>
          {submit.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      <ExternalSignIn place="below-form" />
      <p className="text-center text-sm text-zinc-400">
        {t('signIn.noAccount')}{' '}
        <Link to={PATHS.signUp} state={location.state} className="font-medium text-brand-300 hover:underline">
          {t('signIn.toSignUp')}
        </Link>
      </p>
    </div>
  );
}
