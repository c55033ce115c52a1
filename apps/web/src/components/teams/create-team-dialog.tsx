import { teamCreateSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useCreateTeam } from '../../hooks/use-team-management';
import { fieldErrorsOf } from '../../lib/error-text';
import { FormDialog } from '../ui/form-dialog';
import { TeamNameField } from './rename-team-dialog';

/** Spec §5: a team name is required and at least 2 characters (core's messages). */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const form = useForm(teamCreateSchema, { name: '' });
  const close = () => {
    form.reset();
    form.setErrors({});
    onClose();
  };
  const create = useCreateTeam(close);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('teams.createTitle')}
      submitLabel={t('teams.create')}
      pending={create.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate();
        if (body) create.mutate(body, { onError: (error) => form.setErrors(fieldErrorsOf(error) ?? {}) });
      }}
    >
      <TeamNameField form={form} autoFocus />
    </FormDialog>
  );
}
