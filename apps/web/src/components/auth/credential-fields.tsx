import type { FieldErrors } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TextField } from '../ui/text-field';

type CredentialForm = {
  values: { username: string; email: string; password: string };
  errors: FieldErrors;
  setField: (name: 'username' | 'email' | 'password', value: string) => void;
};

/**
 * Username, email and password, as sign-in and sign-up both ask for them (spec §5). The password
 * is a new one on sign-up, so browsers offer to generate and save it there.
 */
export function CredentialFields({
  form,
  newPassword = false,
}: {
  form: CredentialForm;
  newPassword?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
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
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        value={form.values.password}
        errors={form.errors.password}
        onChange={(e) => form.setField('password', e.target.value)}
      />
    </>
  );
}

/** The page's title and subtitle above an auth form. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-1 text-sm text-zinc-400">{subtitle}</p>
    </div>
  );
}

/** "No account? Sign up" under the form; the place the user was sent from goes along. */
export function AuthSwitch({ question, link, to }: { question: string; link: string; to: string }) {
  const location = useLocation();
  return (
    <p className="text-center text-sm text-zinc-400">
      {question}{' '}
      <Link to={to} state={location.state} className="font-medium text-brand-300 hover:underline">
        {link}
      </Link>
    </p>
  );
}
