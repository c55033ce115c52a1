import type { Scan } from '@didban/core';
import { Dialog, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfinitePicker } from '../../../components/scans/infinite-picker';
import { Button } from '../../../components/ui/button';
import { DialogPanel } from '../../../components/ui/dialog-panel';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { BuiltinWorkerHint } from '../../../components/workers/builtin-worker-hint';
import { useLang } from '../../../hooks/use-lang';
import { useTagPicker, useTemplatePicker } from '../../../hooks/use-scan-pickers';
import { useAllWorkerGroups } from '../../../hooks/use-workers';
import { useAssetGroupChoices } from '../use-scans';
import { useTemplateNames } from '../use-template-names';
import {
  initialScanForm,
  type ScanFormErrors,
  type ScanFormState,
  validateScanFormState,
} from './scan-form-state';
import { ScheduleFields } from './schedule-fields';
import { type SaveOutcome, useSaveScan } from './use-save-scan';

/**
 * New scan and edit scan (spec §2 /scans, §3 scan fields, §5 messages): name, asset group,
 * templates and tags, an optional worker group, the self-contained and DAST opt-ins, and the schedule.
 */
export function ScanFormModal({
  open,
  scan,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The scan being edited, or null for a new one. */
  scan: Scan | null;
  onClose: () => void;
  onSaved: (outcome: NonNullable<SaveOutcome>) => void;
}) {
  const { t } = useTranslation('scans');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      {/* Scrolls as a whole, so a form taller than the window keeps its top reachable. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className="w-full max-w-2xl rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl"
            data-testid="scan-form"
          >
            <DialogTitle className="text-lg font-semibold">
              {scan ? t('form.editTitle') : t('form.createTitle')}
            </DialogTitle>
            {/* Keyed so reopening starts from the scan as it is now. */}
            <ScanForm key={scan?.id ?? 'new'} scan={scan} onClose={onClose} onSaved={onSaved} />
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function ScanForm({
  scan,
  onClose,
  onSaved,
}: {
  scan: Scan | null;
  onClose: () => void;
  onSaved: (outcome: NonNullable<SaveOutcome>) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [form, setForm] = useState<ScanFormState>(() => initialScanForm(scan));
  const [errors, setErrors] = useState<ScanFormErrors>({});
  const groups = useAssetGroupChoices();
  const workerGroups = useAllWorkerGroups();
  const { save, pending } = useSaveScan();
  // An edited scan's templates read by name once their details arrive.
  const storedNames = useTemplateNames(scan?.template_ids ?? []);
  const nameOf = (id: string) => form.templateNames[id] ?? storedNames[id] ?? id;

  const change = (patch: Partial<ScanFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      if ('name' in patch) delete next.name;
      if ('assetGroup' in patch) delete next.asset_group;
      if ('templateIds' in patch || 'templateTags' in patch) delete next.templates;
      if ('weekdays' in patch || 'frequency' in patch) delete next.weekdays;
      return next;
    });
  };

  const submit = async () => {
    const found = validateScanFormState(form, lang);
    setErrors(found);
    if (Object.keys(found).length) return;
    const outcome = await save(form, scan);
    if (outcome) onSaved(outcome);
  };

  const groupOptions = groups.data?.results ?? [];
  return (
    <form
      noValidate
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('form.name')}
        value={form.name}
        maxLength={200}
        errors={errors.name ? [errors.name] : undefined}
        onChange={(e) => change({ name: e.target.value })}
        data-testid="scan-name"
      />
      <SelectField
        label={t('form.group')}
        value={form.assetGroup}
        errors={errors.asset_group ? [errors.asset_group] : undefined}
        onChange={(e) => change({ assetGroup: e.target.value })}
        data-testid="scan-group"
      >
        <option value="">{groups.isLoading ? t('form.groupsLoading') : t('form.groupNone')}</option>
        {groupOptions.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
        {/* A group beyond the first 100 stays selectable when editing. */}
        {scan?.asset_group && !groupOptions.some((g) => g.id === scan.asset_group) ? (
          <option value={scan.asset_group}>{scan.asset_group_name ?? scan.asset_group}</option>
        ) : null}
      </SelectField>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 *:min-w-0">
        <InfinitePicker
          label={t('form.templates')}
          searchPlaceholder={t('form.templateSearch')}
          selected={form.templateIds.map((id) => ({ id, name: nameOf(id) }))}
          onChange={(items) =>
            change({
              templateIds: items.map((i) => i.id),
              templateNames: Object.fromEntries(items.map((i) => [i.id, i.name])),
            })
          }
          usePages={useTemplatePicker}
          testId="template-picker"
        />
        <InfinitePicker
          label={t('form.tags')}
          searchPlaceholder={t('form.tagSearch')}
          selected={form.templateTags.map((tag) => ({ id: tag, name: tag }))}
          onChange={(items) => change({ templateTags: items.map((i) => i.id) })}
          usePages={useTagPicker}
          testId="tag-picker"
        />
      </div>
      {errors.templates ? (
        <p role="alert" className="-mt-2 text-xs text-red-400" data-field-error data-testid="templates-error">
          {errors.templates}
        </p>
      ) : null}
      <SelectField
        label={t('form.workerGroup')}
        value={form.workerGroup}
        onChange={(e) => change({ workerGroup: e.target.value })}
        data-testid="scan-worker-group"
      >
        <option value="">{t('form.workerGroupNone')}</option>
        {(workerGroups.data ?? []).map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      {form.workerGroup ? null : <BuiltinWorkerHint />}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={form.selfContained}
          onChange={(e) => change({ selfContained: e.target.checked })}
          aria-describedby="scan-self-contained-hint"
          data-testid="scan-self-contained"
        />
        <span>
          {t('form.selfContained')}
          <span id="scan-self-contained-hint" className="block text-xs text-zinc-500">
            {t('form.selfContainedHint')}
          </span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={form.dast}
          onChange={(e) => change({ dast: e.target.checked })}
          aria-describedby="scan-dast-hint"
          data-testid="scan-dast"
        />
        <span>
          {t('form.dast')}
          <span id="scan-dast-hint" className="block text-xs text-zinc-500">
            {t('form.dastHint')}
          </span>
        </span>
      </label>
      <ScheduleFields form={form} weekdaysError={errors.weekdays} onChange={change} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="scan-submit">
          {pending ? t('form.saving') : scan ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
