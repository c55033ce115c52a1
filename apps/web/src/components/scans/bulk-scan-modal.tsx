import {
  type BulkScanInput,
  bulkScanNameForAssets,
  bulkScanNameForGroups,
  validateBulkScanForm,
} from '@didban/core';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartBulkScan } from '../../hooks/use-bulk-scan';
import { useLang } from '../../hooks/use-lang';
import { type PickerItem, useTagPicker, useTemplatePicker } from '../../hooks/use-scan-pickers';
import { api } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { scanProgressPath } from '../../routes/paths';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';
import { BuiltinWorkerHint } from '../workers/builtin-worker-hint';
import { InfinitePicker } from './infinite-picker';
import { useScanRunStrings } from './run-strings';
import { useSkippedWildcardsNotice } from './use-skipped-wildcards';

/**
 * What a bulk scan covers. The scan has no worker group of its own: each group's tasks go to that
 * group's worker group, or to the built-in worker when it has none (`workerGroup`; an asset's is
 * its group's, looked up by `group`).
 */
export type BulkScanTarget =
  | { kind: 'groups'; groups: { id: string; name: string; workerGroup?: string | null }[] }
  | { kind: 'assets'; assets: { id: string; host: string; group?: string }[] };

export type BulkScanModalProps = {
  open: boolean;
  onClose(): void;
  target: BulkScanTarget;
  /** Called once the scan has started, before leaving for its progress page (callers clear their selection). */
  onStarted?(): void;
};

/**
 * The bulk scan modal (spec §2): titled by the count of groups or assets; a name prefilled per
 * spec §5, templates and template tags picked from paged lists (§9); on start the scan's progress
 * page opens (§4).
 */
export function BulkScanModal({ open, onClose, target, onStarted }: BulkScanModalProps) {
  useScanRunStrings();
  const { t } = useTranslation('scans');
  const lang = useLang();
  const count = target.kind === 'groups' ? target.groups.length : target.assets.length;
  // count picks the plural form; n is the number as this language writes it.
  const title = t(target.kind === 'groups' ? 'bulk.titleGroups' : 'bulk.titleAssets', {
    count,
    n: formatNumber(count, lang),
  });
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {/* Mounted only while open, so each opening starts from the prefilled name. */}
      {open ? <BulkScanForm target={target} onClose={onClose} {...(onStarted ? { onStarted } : {})} /> : null}
    </Modal>
  );
}

// Spec §5's prefill as written (issue 34: a date had been added); the scans list shows each
// scan's start time beside its name.
const defaultName = (target: BulkScanTarget) =>
  target.kind === 'groups'
    ? bulkScanNameForGroups(target.groups.map((g) => g.name))
    : bulkScanNameForAssets(target.assets.map((a) => a.host));

/**
 * Whether some of the target runs with no worker group, so on the built-in worker (issue 34, item
 * 15). Assets are looked up by their group (the group page's query key, so its cache is shared);
 * false while unknown.
 */
function useSomeOnBuiltin(target: BulkScanTarget): boolean {
  const groupIds =
    target.kind === 'assets' ? [...new Set(target.assets.flatMap((a) => (a.group ? [a.group] : [])))] : [];
  const groups = useQueries({
    queries: groupIds.map((id) => ({
      queryKey: ['assets', 'group', id],
      queryFn: () => api.assets.getGroup(id),
    })),
  });
  if (target.kind === 'groups') return target.groups.some((g) => !g.workerGroup);
  if (target.assets.some((a) => !a.group)) return true;
  return groups.some((q) => q.data && !q.data.worker_group);
}

function BulkScanForm({ target, onClose, onStarted }: Omit<BulkScanModalProps, 'open'>) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const navigate = useNavigate();
  const start = useStartBulkScan();
  const noticeSkipped = useSkippedWildcardsNotice();
  const [name, setName] = useState(() => defaultName(target));
  const [templates, setTemplates] = useState<PickerItem[]>([]);
  const [tags, setTags] = useState<PickerItem[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const someOnBuiltin = useSomeOnBuiltin(target);

  const errors = validateBulkScanForm({
    name,
    templateIds: templates.map((x) => x.id),
    templateTags: tags.map((x) => x.id),
  });
  const messageOf = (e: { en: string; fa: string } | undefined) => (e ? [e[lang]] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length) return;
    setFailure(null);
    const body: BulkScanInput = {
      name: name.trim(),
      template_ids: templates.map((x) => x.id),
      template_tags: tags.map((x) => x.id),
      ...(target.kind === 'groups'
        ? { asset_groups: target.groups.map((g) => g.id) }
        : { assets: target.assets.map((a) => a.id) }),
    };
    try {
      const { scanId, historyId, skippedWildcards } = await start.mutateAsync(body);
      snackbarStore.show(t('bulk.started'), 'success');
      noticeSkipped(skippedWildcards);
      onStarted?.();
      onClose();
      navigate(scanProgressPath(scanId, historyId));
    } catch (error) {
      // Spec §8: the server's (or core's) message, else 'Failed to create bulk scan'.
      const text = errorText(error, lang, t('bulk.createFailed'));
      setFailure(text);
      snackbarStore.show(text, 'error');
    }
  }

  return (
    <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate data-testid="bulk-scan-form">
      <TextField
        label={t('bulk.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={showErrors ? messageOf(errors.name) : undefined}
        maxLength={200}
        autoComplete="off"
      />
      <InfinitePicker
        label={t('bulk.templates')}
        searchPlaceholder={t('bulk.templateSearch')}
        selected={templates}
        onChange={setTemplates}
        usePages={useTemplatePicker}
        testId="bulk-scan-templates"
      />
      <InfinitePicker
        label={t('bulk.tags')}
        searchPlaceholder={t('bulk.tagSearch')}
        selected={tags}
        onChange={setTags}
        usePages={useTagPicker}
        testId="bulk-scan-tags"
      />
      {someOnBuiltin ? <BuiltinWorkerHint /> : null}
      {showErrors && errors.templates ? (
        <p role="alert" className="text-xs text-red-400" data-field-error>
          {errors.templates[lang]}
        </p>
      ) : null}
      {failure ? (
        <div role="alert" className="rounded-lg border border-red-900 bg-red-950/60 px-3 py-2 text-sm">
          <p className="font-medium text-red-300">{t('bulk.startFailed')}</p>
          <p className="text-red-200/80">{failure}</p>
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
          {t('bulk.cancel')}
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('bulk.starting') : t('bulk.start')}
        </Button>
      </div>
    </form>
  );
}
