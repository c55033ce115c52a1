import { teamCreateSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useCreateTeam } from '../../hooks/use-team-management';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';

/** Spec §5: a team name is required and at least 2 characters (core's messages). */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'shared']);
  const form = useForm(teamCreateSchema, { name: '' });
  const close = () => {
    form.reset();
    form.setErrors({});
    onClose();
  };
  const create = useCreateTeam(close);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    create.mutate(body, {
      onError: (error) => {
        const fields = (error as { errors?: Record<string, string[]> }).errors;
        if (fields) form.setErrors(fields);
      },
    });
  };

  return (
    <Modal open={open} onClose={close} title={t('teams.createTitle')}>
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label={t('teams.name')}
          name="name"
          value={form.values.name}
          errors={form.errors.name}
          onChange={(e) => form.setField('name', e.target.value)}
          maxLength={100}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('shared:cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {t('teams.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
