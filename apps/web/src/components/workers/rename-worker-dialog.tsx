import type { Worker } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenameWorker } from '../../hooks/use-workers';
import { Button } from '../ui/button';
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
    <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
      <TextField
        label={t('list.name')}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('shared:cancel')}
        </Button>
        <Button type="submit" disabled={rename.isPending || !name.trim()}>
          {rename.isPending ? t('shared:saving') : t('shared:save')}
        </Button>
      </div>
    </form>
  );
}
