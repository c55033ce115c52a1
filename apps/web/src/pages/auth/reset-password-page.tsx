import { normalizeError, passwordResetRequest } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthHeading } from '../../components/auth/credential-fields';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useAsyncAction } from '../../hooks/use-async-action';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { authStore } from '../../lib/auth-store';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { workspaceStore } from '../../lib/workspace-store';
import { PATHS } from '../../routes/paths';
import { passwordApi } from './password-api';
import { passwordText } from './password-text';

/**
 * /auth/reset-password?token=… (issue 35): the page the emailed link opens. A new password twice;
 * the server's password rules answer on their fields. The link works once: an expired, used or
 * damaged link says so and offers a new one. Success signs out every other session and signs in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const p = passwordText(lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm(passwordResetRequest, { token, new_password: '', confirm_password: '' });
  const [linkDead, setLinkDead] = useState<string | null>(null);
  const reset = useAsyncAction(passwordApi.reset, {
    onSuccess: (session) => {
      authStore.signIn(session);
      workspaceStore.set(null);
      snackbarStore.show(p('reset.done'), 'success');
      navigate(PATHS.home, { replace: true });
    },
    onError: (error) => {
      const message = errorText(error, lang);
      if (normalizeError(error).code === 'reset_link_invalid') {
        setLinkDead(message);
        return;
      }
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      snackbarStore.show(message, 'error');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (body) void reset.run(body);
  };

  if (!token || linkDead !== null)
    return (
      <div className="flex flex-col gap-6" data-testid="reset-link-dead">
        <AuthHeading title={p('reset.deadTitle')} subtitle={linkDead ?? p('reset.missing')} />
        <Link
          to={PATHS.forgotPassword}
          className="text-center text-sm font-medium text-brand-300 hover:underline"
        >
          {p('reset.askNew')}
        </Link>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title={p('reset.title')} subtitle={p('reset.subtitle')} />
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label={p('reset.newPassword')}
          name="new_password"
          type="password"
          dir="ltr"
          autoComplete="new-password"
          value={form.values.new_password}
          errors={form.errors.new_password}
          onChange={(e) => form.setField('new_password', e.target.value)}
        />
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
        <Button type="submit" className="mt-2 w-full" disabled={reset.isPending}>
          {reset.isPending ? p('reset.submitting') : p('reset.submit')}
        </Button>
      </form>
      <Link to={PATHS.signIn} className="text-center text-sm font-medium text-brand-300 hover:underline">
        {p('forgot.back')}
      </Link>
    </div>
  );
}
