import type { Worker } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenameWorker } from '../../hooks/use-workers';
import { DialogForm } from '../ui/form-dialog';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';

export function RenameWorkerDialog({
  worker,
  open,
  onClose,
}: {
  worker: Worker;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workers');
  return (
    <Modal open={open} onClose={onClose} title={t('list.renameTitle')}>
      <RenameForm worker={worker} onClose={onClose} />
    </Modal>
  );
}

function RenameForm({ worker, onClose }: { worker: Worker; onClose: () => void }) {
  const { t } = useTranslation(['workers', 'shared']);
  const [name, setName] = useState(worker.name);
  const rename = useRenameWorker(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) rename.mutate({ id: worker.id, name: name.trim() });
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={rename.isPending ? t('shared:saving') : t('shared:save')}
      pending={rename.isPending}
      disabled={!name.trim()}
    >
      <WorkerNameField value={name} onChange={setName} />
    </DialogForm>
  );
}

/** A worker's name, as creating and renaming ask for it. */
export function WorkerNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation('workers');
  return (
    <TextField
      label={t('list.name')}
      value={value}
      maxLength={100}
      onChange={(e) => onChange(e.target.value)}
      autoFocus
    />
  );
}
