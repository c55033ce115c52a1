import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useMutationWithFeedback } from '../../../hooks/use-mutation-feedback';
import { api } from '../../../lib/api';
import { PATHS } from '../../../routes/paths';

/** Cancels the run (spec §4: cancel is per scan history), then returns to the scan list. */
export function CancelScanButton({ scanId, historyId }: { scanId: string; historyId: string }) {
  const { t } = useTranslation('scans');
  const navigate = useNavigate();
  const cancel = useMutationWithFeedback(() => api.scans.cancel(scanId, historyId), {
    success: t('progress.cancelSent'),
    failure: t('progress.cancelFailed'),
    invalidate: [['scans'], ['home']],
    onSuccess: () => navigate(PATHS.scans),
  });
  return (
    <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
      {cancel.isPending ? t('progress.cancelling') : t('progress.cancel')}
    </Button>
  );
}
