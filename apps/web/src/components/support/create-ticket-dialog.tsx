import { TICKET_PRIORITIES, ticketCreateSchema } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useCreateTicket, useTicketTypes } from '../../hooks/use-support';
import { fieldErrorsOf } from '../../lib/error-text';
import { FormDialog } from '../ui/form-dialog';
import { SelectField } from '../ui/select-field';
import { TextAreaField, TextField } from '../ui/text-field';

const EMPTY = { title: '', ticket_type: '', priority: 'medium', message: '' };

/** A new ticket: subject, type, priority and an optional first message (created open). */
export function CreateTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (ticketId: string) => void;
}) {
  const { t } = useTranslation(['settings', 'shared']);
  const types = useTicketTypes(open);
  const form = useForm(ticketCreateSchema, EMPTY);
  const create = useCreateTicket((id) => {
    form.reset();
    onCreated(id);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('support.createTitle')}
      submitLabel={t('support.submit')}
      pending={create.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const body = form.validate();
        if (!body) return;
        const { message, ...rest } = body;
        create.mutate(message ? { ...rest, message } : rest, {
          onError: (error) => form.setErrors(fieldErrorsOf(error) ?? {}),
        });
      }}
    >
      <TextField
        label={t('support.subject')}
        name="title"
        value={form.values.title}
        errors={form.errors.title}
        onChange={(e) => form.setField('title', e.target.value)}
        maxLength={200}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('support.type')}
          value={form.values.ticket_type}
          errors={form.errors.ticket_type}
          onChange={(e) => form.setField('ticket_type', e.target.value)}
        >
          <option value="">{t('support.chooseType')}</option>
          {types.data?.results.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('support.priority')}
          value={form.values.priority}
          errors={form.errors.priority}
          onChange={(e) => form.setField('priority', e.target.value)}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`support.priorities.${priority}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t('support.firstMessage')}
        name="message"
        value={form.values.message}
        errors={form.errors.message}
        onChange={(e) => form.setField('message', e.target.value)}
      />
    </FormDialog>
  );
}
