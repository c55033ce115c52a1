import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

/** Asks before a destructive action (delete a team, close a ticket…). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  pending = false,
  danger = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shared');
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <p className="mt-2 text-sm text-zinc-300">{body}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
