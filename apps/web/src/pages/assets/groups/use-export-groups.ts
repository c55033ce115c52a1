import type { AssetGroup } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { errorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format-date';
import { snackbarStore } from '../../../lib/snackbar-store';
import { collectGroupAssets, downloadText, type ExportFormat, exportFile } from './export-assets';

/**
 * Export the selected groups' assets (spec §8/§9): warns on an empty selection, says it starts,
 * downloads `bulk-export-{count}-assets-{date}.{csv|json}`, then says how many were exported.
 */
export function useExportGroups() {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const run = async (groups: AssetGroup[], format: ExportFormat) => {
    const expected = groups.reduce((n, g) => n + g.asset_count, 0);
    if (groups.length === 0 || expected === 0) {
      snackbarStore.show(t('export.noneSelected'), 'warning');
      return;
    }
    const words = (count: number) => ({ count, n: formatNumber(count, lang), format: format.toUpperCase() });
    setPending(format);
    snackbarStore.show(t('export.starting', words(expected)), 'info');
    try {
      const assets = await collectGroupAssets(groups.map((g) => g.id));
      const file = exportFile(assets, format);
      downloadText(file.text, file.name, file.type);
      snackbarStore.show(t('export.done', words(assets.length)), 'success');
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('export.failed')), 'error');
    } finally {
      setPending(null);
    }
  };
  return { run, pending };
}
