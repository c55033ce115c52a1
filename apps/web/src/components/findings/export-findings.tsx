import {
  buildVulnCsv,
  buildVulnJsonExport,
  type VulnExportFilters,
  type Vulnerability,
  type VulnerabilityListQuery,
  vulnExportFileName,
} from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { errorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { downloadText } from '../../pages/assets/inventory/download-file';
import { fetchAllFindings } from './use-findings';

/**
 * Export the list as it is filtered (issue 32, item 8): every page of it fetched (100 a page), then
 * written by core's builders — CSV (formula-safe cells, BOM) or JSON with the filters it was taken with.
 */
export function ExportFindings({
  page,
  query,
  filters,
  total,
}: {
  page: (query: VulnerabilityListQuery) => Promise<{ results: Vulnerability[]; total_pages: number }>;
  query: VulnerabilityListQuery;
  /** What the file records as its filters. */
  filters: VulnExportFilters;
  total: number;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'json') => {
    setBusy(true);
    try {
      const rows = await fetchAllFindings(page, query);
      const now = new Date();
      const name = vulnExportFileName(rows.length, format, now);
      if (format === 'csv') downloadText(buildVulnCsv(rows), name, 'text/csv;charset=utf-8');
      else
        downloadText(
          `${JSON.stringify(buildVulnJsonExport(rows, filters, now), null, 2)}\n`,
          name,
          'application/json',
        );
      snackbarStore.show(
        t('lifecycle.export.done', { count: rows.length, n: formatNumber(rows.length, lang) }),
        'success',
      );
    } catch (error) {
      snackbarStore.show(errorText(error, lang, t('lifecycle.export.failed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  const button =
    'rounded-lg border border-zinc-700 px-2.5 py-1.5 text-xs font-medium text-zinc-200 hover:bg-zinc-800 disabled:opacity-50';
  return (
    <fieldset className="flex items-center gap-1.5" aria-label={t('lifecycle.export.button')}>
      <span className="text-xs text-zinc-400">
        {busy
          ? t('lifecycle.export.exporting', { n: formatNumber(total, lang) })
          : t('lifecycle.export.button')}
      </span>
      <button
        type="button"
        disabled={busy || total === 0}
        onClick={() => run('csv')}
        className={button}
        data-testid="vuln-export-csv"
      >
        {t('lifecycle.export.csv')}
      </button>
      <button
        type="button"
        disabled={busy || total === 0}
        onClick={() => run('json')}
        className={button}
        data-testid="vuln-export-json"
      >
        {t('lifecycle.export.json')}
      </button>
    </fieldset>
  );
}
