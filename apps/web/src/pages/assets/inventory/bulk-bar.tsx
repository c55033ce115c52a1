import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import type { ExportFormat } from './export-assets';

/**
 * Spec §2: the sticky bar of actions on the selected assets (export JSON/CSV, bulk scan). It sticks
 * just under the 4rem sticky header, so scrolling a long list keeps it in reach.
 */
export function BulkBar({
  count,
  onExport,
  onScan,
  onClear,
}: {
  count: number;
  onExport: (format: ExportFormat) => void;
  onScan: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  return (
    <div
      className="sticky top-18 z-30 flex flex-wrap items-center gap-2 rounded-xl border border-brand-500/40 bg-zinc-900/95 px-4 py-2 shadow-lg backdrop-blur"
      data-testid="bulk-bar"
    >
      <span className="text-sm font-medium" data-testid="bulk-count">
        {t('inventory.bulk.selected', { n: formatNumber(count, lang) })}
      </span>
      <div className="ms-auto flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onExport('json')}>
          {t('inventory.bulk.exportJson')}
        </Button>
        <Button variant="secondary" onClick={() => onExport('csv')}>
          {t('inventory.bulk.exportCsv')}
        </Button>
        <Button onClick={onScan}>{t('inventory.bulk.scan')}</Button>
        <Button variant="ghost" onClick={onClear}>
          {t('inventory.bulk.clear')}
        </Button>
      </div>
    </div>
  );
}
