import { isScanPreparing, progressLabel, type ScanHistoryStatus } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { useScanRunStrings } from './run-strings';

/**
 * A run's `[done/total]`, or "preparing" before its first task is done (a bare `[0/4]` read as
 * stuck). The count reads left to right in both languages; the word follows the page.
 */
export function RunCount({ run, testId }: { run: ScanHistoryStatus; testId: string }) {
  useScanRunStrings();
  const { t } = useTranslation('scans');
  const lang = useLang();
  if (isScanPreparing(run)) return <span data-testid={testId}>{t('progress.preparing')}</span>;
  return (
    <span dir="ltr" className="inline-block" data-testid={testId}>
      {progressLabel(run, lang)}
    </span>
  );
}
