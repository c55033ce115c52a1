import type { Scan } from '@didban/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkippedWildcardsNotice } from '../../../components/scans/use-skipped-wildcards';
import { useLang } from '../../../hooks/use-lang';
import { api } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { snackbarStore } from '../../../lib/snackbar-store';
import { SCAN_KEYS } from '../use-scans';
import {
  createScanBody,
  isScheduled,
  patchScanBody,
  type ScanFormState,
  scheduleBody,
  scheduleChange,
} from './scan-form-state';

export type SaveOutcome = { scanId: string; historyId: string | null } | null;

/**
 * Saves the form: a new scan (with run_now false when scheduled, then its schedule), or an edit
 * (patch, then the schedule's patch or creation). Says how it went; null when it failed.
 */
export function useSaveScan() {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const noticeSkipped = useSkippedWildcardsNotice();

  const save = async (form: ScanFormState, editing: Scan | null): Promise<SaveOutcome> => {
    setPending(true);
    let saved: { scanId: string; historyId: string | null } | null = null;
    let skipped = 0;
    try {
      if (editing) {
        await api.scans.update(editing.id, patchScanBody(form));
        saved = { scanId: editing.id, historyId: null };
      } else {
        const created = await api.scans.create(createScanBody(form));
        saved = { scanId: created.id, historyId: created.scan_history_id };
        skipped = created.skipped_wildcards ?? 0;
      }
    } catch (error) {
      snackbarStore.show(
        errorText(error, lang, editing ? t('list.updateFailed') : t('list.createFailed')),
        'error',
      );
      setPending(false);
      return null;
    }
    try {
      const change = editing
        ? scheduleChange(editing, form)
        : isScheduled(form)
          ? ({ kind: 'create' } as const)
          : ({ kind: 'none' } as const);
      if (change.kind === 'update') await api.scans.updateSchedule(change.id, change.body);
      if (change.kind === 'create')
        await api.scans.createSchedule({ scan: saved.scanId, ...scheduleBody(form) });
      snackbarStore.show(
        editing ? t('list.updated') : isScheduled(form) ? t('list.scheduled') : t('list.created'),
        'success',
      );
      noticeSkipped(skipped);
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('list.scheduleFailed')), 'error');
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: SCAN_KEYS.all });
    }
    return saved;
  };

  return { save, pending };
}
