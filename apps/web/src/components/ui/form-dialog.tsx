import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

/** Cancel and the submit button at the foot of a dialog's form. */
export function FormActions({
  onCancel,
  submitLabel,
  pending,
  disabled = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('shared');
  return (
    <div className="mt-2 flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A dialog's form: its fields in a column, then Cancel and submit. */
export function DialogForm({
  onSubmit,
  children,
  ...actions
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
} & Parameters<typeof FormActions>[0]) {
  return (
    <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
      {children}
      <FormActions {...actions} />
    </form>
  );
}

/**
 * The one form dialog (create, rename, feedback, ticket…): a titled modal, an optional line of
 * introduction, the fields, Cancel and submit. Cancel and Escape both call `onClose`.
 */
export function FormDialog({
  open,
  onClose,
  title,
  intro,
  ...form
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intro?: string;
} & Omit<Parameters<typeof DialogForm>[0], 'onCancel'>) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {intro ? <p className="mt-1 text-sm text-zinc-400">{intro}</p> : null}
      <DialogForm onCancel={onClose} {...form} />
    </Modal>
  );
}
