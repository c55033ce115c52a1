import { type Profile, profileUpdateSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/query-state';
import { TextField } from '../../components/ui/text-field';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { useProfile, useResendVerification, useUpdateProfile } from '../../hooks/use-profile';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { ChangePasswordForm } from '../auth/change-password-form';
import { SessionsCard } from '../auth/sessions-card';

/**
 * /settings: read-only username, editable email, Save (spec §2 Settings); change password, sign
 * out and sign out everywhere (issue 35).
 */
export function ProfilePage() {
  const { t } = useTranslation(['settings', 'shared']);
  const profile = useProfile();
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6">
        <h2 className="text-lg font-semibold">{t('profile.title')}</h2>
        {profile.data ? (
          <ProfileForm key={profile.data.email} profile={profile.data} />
        ) : profile.isError ? (
          <LoadFailed error={profile.error} retry={profile.refetch} retrying={profile.isFetching} />
        ) : (
          <p className="mt-4 text-sm text-zinc-500">{t('shared:loading')}</p>
        )}
      </div>
      {/* Account security (issue 35). */}
      <ChangePasswordForm />
      <SessionsCard />
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const form = useForm(profileUpdateSchema, { email: profile.email });
  const update = useUpdateProfile();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => snackbarStore.show(t('profile.saved'), 'success'),
      onError: (error) => {
        const fields = (error as { errors?: Record<string, string[]> }).errors;
        if (fields) form.setErrors(fields);
        snackbarStore.show(errorText(error, lang, t('profile.saveFailed')), 'error');
      },
    });
  };

  return (
    <form className="mt-5 flex max-w-md flex-col gap-4" onSubmit={submit} noValidate>
      <TextField
        label={t('profile.username')}
        name="username"
        value={profile.username}
        readOnly
        disabled
        hint={t('profile.usernameHint')}
      />
      <TextField
        label={t('profile.email')}
        name="email"
        type="email"
        dir="ltr"
        value={form.values.email}
        errors={form.errors.email}
        onChange={(e) => form.setField('email', e.target.value)}
      />
      <EmailVerification profile={profile} />
      <p className="text-xs text-zinc-500">
        {t('profile.joined', { date: formatDateTime(profile.date_joined, lang) })}
      </p>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('shared:saving') : t('shared:save')}
        </Button>
      </div>
    </form>
  );
}

/** Whether the saved address is confirmed; if not, the link can be sent again. */
function EmailVerification({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const lang = useLang();
  const resend = useResendVerification();
  if (profile.email_verified) {
    return (
      <p className="text-xs text-emerald-400" data-testid="email-verified">
        {t('profile.verified')}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs text-amber-300" data-testid="email-unverified">
      <span dir="auto">{t('profile.unverified', { email: profile.email })}</span>
      <Button
        type="button"
        variant="secondary"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ email }) => snackbarStore.show(t('profile.resent', { email }), 'success'),
            onError: (error) =>
              snackbarStore.show(errorText(error, lang, t('profile.resendFailed')), 'error'),
          })
        }
      >
        {t('profile.resend')}
      </Button>
    </div>
  );
}
