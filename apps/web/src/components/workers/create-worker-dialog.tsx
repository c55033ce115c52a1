import type { WorkerCreated } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllWorkerGroups, useCreateWorker } from '../../hooks/use-workers';
import { DialogForm } from '../ui/form-dialog';
import { Modal } from '../ui/modal';
import { SelectField } from '../ui/select-field';
import { ApiKeyPanel } from './api-key-panel';
import { WorkerNameField } from './rename-worker-dialog';

/** New worker: a name and an optional group, then its API key, shown once. */
export function CreateWorkerDialog({
  open,
  groupId,
  onClose,
}: {
  open: boolean;
  groupId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workers');
  const [created, setCreated] = useState<WorkerCreated | null>(null);
  // Forget the key the moment the dialog closes: it must never be shown again.
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={t(created ? 'key.title' : 'list.createTitle')}>
      {created ? (
        <ApiKeyPanel apiKey={created.api_key} workerId={created.worker.id} onDone={close} />
      ) : (
        <CreateWorkerForm groupId={groupId} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateWorkerForm({
  groupId,
  onCreated,
  onCancel,
}: {
  groupId: string | null;
  onCreated: (created: WorkerCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['workers', 'shared']);
  const [name, setName] = useState('');
  const [group, setGroup] = useState(groupId ?? '');
  const groups = useAllWorkerGroups();
  const create = useCreateWorker(onCreated);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim(), group_id: group || null });
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={create.isPending ? t('shared:saving') : t('list.create')}
      pending={create.isPending}
      disabled={!name.trim()}
    >
      <WorkerNameField value={name} onChange={setName} />
      <SelectField label={t('list.group')} value={group} onChange={(e) => setGroup(e.target.value)}>
        <option value="">{t('list.noGroup')}</option>
        {(groups.data ?? []).map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
    </DialogForm>
  );
}
