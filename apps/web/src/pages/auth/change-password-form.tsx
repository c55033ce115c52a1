import { passwordChangeRequest } from '@didban/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { api } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { PATHS } from '../../routes/paths';

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/**
 * Change password (issue 35), in the profile settings: the current password, the new one twice.
 * The server's rules (wrong current password, same as before, like the username or email, too
 * common) answer on their fields. The server signs every other session out and hands this tab a
 * fresh token.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const form = useForm(passwordChangeRequest, EMPTY);
  const change = useMutation({ mutationFn: api.auth.changePassword });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    change.mutate(body, {
      onSuccess: (session) => {
        authStore.signIn(session);
        for (const [k, v] of Object.entries(EMPTY)) form.setField(k as keyof typeof EMPTY, v);
        snackbarStore.show(t('password.changed'), 'success');
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) form.setErrors(fields);
        snackbarStore.show(errorText(error, lang, t('password.failed')), 'error');
      },
    });
  };
  return (
    <section
      className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
      aria-labelledby="password-title"
    >
      <h2 id="password-title" className="text-lg font-semibold">
        {t('password.title')}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-zinc-400">{t('password.intro')}</p>
      <form
        className="mt-5 flex max-w-md flex-col gap-4"
        onSubmit={submit}
        noValidate
        data-testid="password-form"
      >
        {/* Lets the browser's password manager tie the saved password to this account. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          hidden
          readOnly
          value={authStore.getSnapshot().user?.username ?? ''}
        />
        <TextField
          label={t('password.old')}
          name="old_password"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          value={form.values.old_password}
          errors={form.errors.old_password}
          onChange={(e) => form.setField('old_password', e.target.value)}
        />
        <TextField
          label={t('password.new')}
          name="new_password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={form.values.new_password}
          errors={form.errors.new_password}
          onChange={(e) => form.setField('new_password', e.target.value)}
        />
        <TextField
          label={t('password.confirm')}
          name="confirm_password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={form.values.confirm_password}
          errors={form.errors.confirm_password}
          onChange={(e) => form.setField('confirm_password', e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('password.submitting') : t('password.submit')}
          </Button>
          <Link to={PATHS.forgotPassword} className="text-xs text-brand-300 hover:underline">
            {t('password.forgot')}
          </Link>
        </div>
      </form>
    </section>
  );
}
