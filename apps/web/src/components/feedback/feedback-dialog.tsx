import { feedbackSchema } from '@didban/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { useSendFeedback } from '../../hooks/use-send-feedback';
import { errorText, fieldErrorsOf } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { FormDialog } from '../ui/form-dialog';
import { TextAreaField, TextField } from '../ui/text-field';

/** Spec §2/§5: feedback with a required subject and details. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const form = useForm(feedbackSchema, { title: '', description: '' });
  const send = useSendFeedback();
  // Why the last send failed, kept under the fields until the next try (the toast goes away by
  // itself), e.g. the network error with the server down. The fields stay as typed.
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setFailure(null);
    send.mutate(body, {
      onSuccess: () => {
        snackbarStore.show(t('feedback.sent'), 'success');
        form.reset();
        close();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error) ?? {});
        const text = errorText(error, lang, t('feedback.failed'));
        setFailure(text);
        snackbarStore.show(text, 'error');
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('feedback.title')}
      intro={t('feedback.intro')}
      submitLabel={send.isPending ? t('shared:sending') : t('shared:send')}
      pending={send.isPending}
      onSubmit={submit}
    >
      <TextField
        label={t('feedback.subject')}
        name="title"
        value={form.values.title}
        errors={form.errors.title}
        onChange={(e) => form.setField('title', e.target.value)}
        maxLength={200}
      />
      <TextAreaField
        label={t('feedback.details')}
        name="description"
        value={form.values.description}
        errors={form.errors.description}
        onChange={(e) => form.setField('description', e.target.value)}
        maxLength={5000}
      />
      {failure ? (
        <p role="alert" data-testid="feedback-error" className="text-sm text-red-400">
          {failure}
        </p>
      ) : null}
    </FormDialog>
  );
}
