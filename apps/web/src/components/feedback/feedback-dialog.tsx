import { feedbackSchema } from '@didban/core';
import { Dialog, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../hooks/use-form';
import { useLang } from '../../hooks/use-lang';
import { useSendFeedback } from '../../hooks/use-send-feedback';
import { errorText } from '../../lib/error-text';
import { snackbarStore } from '../../lib/snackbar-store';
import { Button } from '../ui/button';
import { DialogPanel } from '../ui/dialog-panel';
import { TextAreaField, TextField } from '../ui/text-field';

/** Spec §2/§5: feedback with a required subject and details. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const form = useForm(feedbackSchema, { title: '', description: '' });
  const send = useSendFeedback();

  const close = () => {
    form.setErrors({});
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => {
        snackbarStore.show(t('feedback.sent'), 'success');
        form.reset();
        close();
      },
      onError: (error) => {
        const fieldErrors = (error as { errors?: Record<string, string[]> }).errors;
        if (fieldErrors) form.setErrors(fieldErrors);
        snackbarStore.show(errorText(error, lang, t('feedback.failed')), 'error');
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <DialogTitle className="text-lg font-semibold">{t('feedback.title')}</DialogTitle>
          <p className="mt-1 text-sm text-zinc-400">{t('feedback.intro')}</p>
          <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
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
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {t('shared:cancel')}
              </Button>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? t('shared:sending') : t('shared:send')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
