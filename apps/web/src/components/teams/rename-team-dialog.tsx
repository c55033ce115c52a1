import { teamRenameSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useRenameTeam } from '../../hooks/use-team-management';
import { fieldErrorsOf } from '../../lib/error-text';
import { FormDialog } from '../ui/form-dialog';
import { TextField } from '../ui/text-field';

type NameForm = {
  values: { name: string };
  errors: Record<string, string[] | undefined>;
  setField: (name: 'name', value: string) => void;
};

/** A team's name field, as creating and renaming ask for it. */
export function TeamNameField({ form, autoFocus = false }: { form: NameForm; autoFocus?: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <TextField
      label={t('teams.name')}
      name="name"
      value={form.values.name}
      errors={form.errors.name}
      onChange={(e) => form.setField('name', e.target.value)}
      maxLength={100}
      autoFocus={autoFocus}
    />
  );
}

/** Rename (admins and the owner): the same name rules as creating (spec §5). */
export function RenameTeamDialog({
  teamId,
  name,
  open,
  onClose,
}: {
  teamId: string;
  name: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings', 'shared']);
  const form = useForm(teamRenameSchema, { name });
  const rename = useRenameTeam(teamId, onClose);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('teams.renameTitle')}
      submitLabel={t('shared:save')}
      pending={rename.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate();
        if (body) rename.mutate(body, { onError: (error) => form.setErrors(fieldErrorsOf(error) ?? {}) });
      }}
    >
      <TeamNameField form={form} />
    </FormDialog>
  );
}
