import { teamInviteSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useInvite } from '../../hooks/use-team-management';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';

/** Invite an existing user by email or username, as admin or user (spec §5). */
export function InviteForm({ teamId }: { teamId: string }) {
  const { t } = useTranslation('settings');
  const form = useForm(teamInviteSchema, { email_or_username: '', role: 'user' });
  const invite = useInvite(teamId, () => form.reset());

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    invite.mutate(body, {
      onError: (error) => {
        const fields = (error as { errors?: Record<string, string[]> }).errors;
        if (fields) form.setErrors(fields);
      },
    });
  };

  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-xl border border-zinc-800 p-4"
      onSubmit={submit}
      noValidate
      aria-label={t('teams.inviteTitle')}
    >
      <div className="min-w-56 flex-1">
        <TextField
          label={t('teams.inviteWho')}
          name="email_or_username"
          dir="ltr"
          value={form.values.email_or_username}
          errors={form.errors.email_or_username}
          onChange={(e) => form.setField('email_or_username', e.target.value)}
        />
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-300">
        {t('teams.role')}
        <select
          value={form.values.role}
          onChange={(e) => form.setField('role', e.target.value)}
          className="rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm"
        >
          <option value="user">{t('teams.roles.user')}</option>
          <option value="admin">{t('teams.roles.admin')}</option>
        </select>
      </label>
      <Button type="submit" disabled={invite.isPending}>
        {t('teams.invite')}
      </Button>
    </form>
  );
}
