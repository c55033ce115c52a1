import { useTranslation } from 'react-i18next';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { snackbarStore } from '../../lib/snackbar-store';
import { useScanRunStrings } from './run-strings';

/**
 * Wildcard DNS records are never scan targets: a run that left some out (a bulk scan, a new group
 * scan, Run now) says how many and why, rather than drop them silently. One notice for all three.
 */
export function useSkippedWildcardsNotice(): (skipped: number | undefined) => void {
  // The words live with the bulk scan's strings, which pages such as the scan page do not load.
  useScanRunStrings();
  const { t } = useTranslation('scans');
  const lang = useLang();
  return (skipped) => {
    if (!skipped) return;
    snackbarStore.show(
      t('bulk.skippedWildcards', { count: skipped, n: formatNumber(skipped, lang) }),
      'warning',
    );
  };
}
