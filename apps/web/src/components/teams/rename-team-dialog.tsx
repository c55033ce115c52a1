import { teamRenameSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useRenameTeam } from '../../hooks/use-team-management';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';

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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    rename.mutate(body, {
      onError: (error) => {
        const fields = (error as { errors?: Record<string, string[]> }).errors;
        if (fields) form.setErrors(fields);
      },
    });
  };

  return (
    <Modal open={open} onClose={onClose} title={t('teams.renameTitle')}>
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label={t('teams.name')}
          name="name"
          value={form.values.name}
          errors={form.errors.name}
          onChange={(e) => form.setField('name', e.target.value)}
          maxLength={100}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('shared:cancel')}
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {t('shared:save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
