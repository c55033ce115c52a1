import type { AssetGroup } from '@didban/core';
import { Dialog, DialogTitle } from '@headlessui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DialogPanel } from '../../../components/ui/dialog-panel';
import { SelectField } from '../../../components/ui/select-field';
import { BuiltinWorkerHint } from '../../../components/workers/builtin-worker-hint';
import { useLang } from '../../../hooks/use-lang';
import { useAllWorkerGroups } from '../../../hooks/use-workers';
import { serverFieldErrors } from '../../../lib/field-errors';
import { formatNumber } from '../../../lib/format-date';
import {
  type GroupFormErrors,
  type GroupFormState,
  groupFormBody,
  initialGroupForm,
  validateGroupForm,
} from './group-form-state';
import { useSaveAssetGroup } from './use-asset-groups';
import { WizardSettingsStep } from './wizard-settings-step';

/**
 * Create (no `group`) or edit an asset group in two steps (spec §2): the settings, then an
 * optional worker group. The form lives inside the dialog, so each opening starts afresh.
 */
export function GroupWizard({
  open,
  group,
  onClose,
  onSaved,
}: {
  open: boolean;
  group: AssetGroup | null;
  onClose: () => void;
  onSaved: (group: AssetGroup, created: boolean) => void;
}) {
  const { t } = useTranslation('assets');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          data-testid="group-wizard"
          className="flex max-h-[92vh] w-full max-w-2xl flex-col rounded-2xl border border-zinc-800 bg-zinc-900 shadow-2xl"
        >
          <DialogTitle className="px-6 pt-6 text-lg font-semibold">
            {t(group ? 'wizard.editTitle' : 'wizard.createTitle')}
          </DialogTitle>
          <WizardForm group={group} onClose={onClose} onSaved={onSaved} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The wizard's fields and the body paths the server names them by. */
const SERVER_FIELDS = {
  name: 'name',
  roots: 'roots',
  customPorts: 'custom_ports',
  weekdays: 'custom_weekdays',
  startTime: 'start_time',
  workerGroup: 'worker_group',
} as const;

function WizardForm({
  group,
  onClose,
  onSaved,
}: {
  group: AssetGroup | null;
  onClose: () => void;
  onSaved: (group: AssetGroup, created: boolean) => void;
}) {
  const { t } = useTranslation(['assets', 'shared']);
  const lang = useLang();
  const [form, setForm] = useState<GroupFormState>(() => initialGroupForm(group));
  const [step, setStep] = useState<1 | 2>(1);
  // Messages appear after the first Next, then follow each keystroke.
  const [tried, setTried] = useState(false);
  // The server's own reasons (e.g. a root outside the built-in worker's scope), shown at their
  // fields until that field is edited.
  const [refused, setRefused] = useState<GroupFormErrors & { workerGroup?: string[] }>({});
  const errors: GroupFormErrors = { ...refused, ...(tried ? validateGroupForm(form, lang) : {}) };
  const workerGroups = useAllWorkerGroups();
  const save = useSaveAssetGroup((saved, created) => {
    onClose();
    onSaved(saved, created);
  });
  const change = (patch: Partial<GroupFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([field]) => !(field in patch))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) {
      setTried(true);
      if (Object.keys(validateGroupForm(form, lang)).length === 0) setStep(2);
      return;
    }
    save.mutate(
      { ...(group ? { id: group.id } : {}), body: groupFormBody(form) },
      {
        onError: (error) => {
          const { byField } = serverFieldErrors(error, SERVER_FIELDS);
          setRefused(byField);
          // Back to the step that shows the field at fault.
          if (Object.keys(byField).some((field) => field !== 'workerGroup')) setStep(1);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <p className="px-6 pt-1 text-xs text-zinc-400" data-testid="wizard-step">
        {t('wizard.step', { step: formatNumber(step, lang), total: formatNumber(2, lang) })} ·{' '}
        {t(step === 1 ? 'wizard.stepSettings' : 'wizard.stepWorker')}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
        {step === 1 ? (
          <WizardSettingsStep form={form} errors={errors} onChange={change} />
        ) : (
          <div className="flex flex-col gap-3">
            <SelectField
              label={t('wizard.workerGroup')}
              value={form.workerGroup ?? ''}
              onChange={(e) => change({ workerGroup: e.target.value || null })}
              errors={refused.workerGroup}
            >
              <option value="">{t('wizard.anyWorker')}</option>
              {(workerGroups.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </SelectField>
            <p className="text-xs text-zinc-500">{t('wizard.workerGroupHint')}</p>
            {form.workerGroup ? null : <BuiltinWorkerHint />}
          </div>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-zinc-800 px-6 py-4">
        {step === 2 ? (
          <Button variant="secondary" className="me-auto" onClick={() => setStep(1)}>
            {t('wizard.back')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('shared:cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {step === 1
            ? t('wizard.next')
            : save.isPending
              ? t('shared:saving')
              : t(group ? 'shared:save' : 'wizard.create')}
        </Button>
      </div>
    </form>
  );
}
