import { passwordForgotRequest } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeading } from '../../components/auth/credential-fields';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useAsyncAction } from '../../hooks/use-async-action';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { PATHS } from '../../routes/paths';
import { passwordApi } from './password-api';
import { passwordText } from './password-text';

/**
 * /auth/forgot-password (issue 35): an address to mail a single-use reset link to. The answer is
 * the same whether or not the address has an account, so the page never tells which.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const p = passwordText(lang);
  const form = useForm(passwordForgotRequest, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useAsyncAction(passwordApi.forgot, {
    onSuccess: () => setSentTo(form.values.email.trim()),
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      snackbarStore.show(errorText(error, lang), 'error');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (body) void send.run(body);
  };

  if (sentTo !== null)
    return (
      <div className="flex flex-col gap-6" data-testid="forgot-sent">
        <AuthHeading title={p('forgot.sentTitle')} subtitle={p('forgot.sentBody')} />
        <p className="break-words rounded-lg bg-zinc-950/60 px-3 py-2 text-sm" dir="ltr">
          {sentTo}
        </p>
        <p className="text-sm text-zinc-400">{p('forgot.sentHint')}</p>
        <Link to={PATHS.signIn} className="text-center text-sm font-medium text-brand-300 hover:underline">
          {p('forgot.back')}
        </Link>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title={p('forgot.title')} subtitle={p('forgot.subtitle')} />
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
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
        <Button type="submit" className="mt-2 w-full" disabled={send.isPending}>
          {send.isPending ? p('forgot.submitting') : p('forgot.submit')}
        </Button>
      </form>
      <Link to={PATHS.signIn} className="text-center text-sm font-medium text-brand-300 hover:underline">
        {p('forgot.back')}
      </Link>
    </div>
  );
}
