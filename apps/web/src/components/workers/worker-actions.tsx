import type { Worker } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWorker, useRevokeWorker } from '../../hooks/use-workers';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { RenameWorkerDialog } from './rename-worker-dialog';

type Open = 'rename' | 'revoke' | 'delete' | null;

/** Rename, revoke (its key stops working) and delete, each destructive one confirmed first. */
export function WorkerActions({ worker, onDeleted }: { worker: Worker; onDeleted?: () => void }) {
  const { t } = useTranslation('workers');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const revoke = useRevokeWorker(close);
  const remove = useDeleteWorker(() => {
    close();
    onDeleted?.();
  });
  const action = 'rounded-md px-2 py-1 text-xs hover:bg-zinc-800';
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={`${action} text-zinc-300`} onClick={() => setOpen('rename')}>
        {t('list.rename')}
      </button>
      {worker.status !== 'revoked' ? (
        <button type="button" className={`${action} text-amber-300`} onClick={() => setOpen('revoke')}>
          {t('list.revoke')}
        </button>
      ) : null}
      <button type="button" className={`${action} text-red-300`} onClick={() => setOpen('delete')}>
        {t('list.delete')}
      </button>
      <RenameWorkerDialog worker={worker} open={open === 'rename'} onClose={close} />
      <ConfirmDialog
        open={open === 'revoke'}
        title={t('list.revokeTitle')}
        body={t('list.revokeBody', { name: worker.name })}
        confirmLabel={t('list.revoke')}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(worker.id)}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'delete'}
        title={t('list.deleteTitle')}
        body={t('list.deleteBody', { name: worker.name })}
        confirmLabel={t('list.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(worker.id)}
        onClose={close}
      />
    </div>
  );
}
