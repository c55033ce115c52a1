import type { Worker } from '@didban/core';
import { useTranslation } from 'react-i18next';
import type { Tone } from '../../lib/status-tone';
import { Badge } from '../ui/status-badge';

const TONE: Record<Worker['status'], Tone> = { online: 'success', offline: 'neutral', revoked: 'error' };

/** Online while heartbeats arrive, offline otherwise; revoked once its key was withdrawn. */
export function WorkerStatusBadge({ status }: { status: Worker['status'] }) {
  const { t } = useTranslation('workers');
  return (
    <span data-testid="worker-status" data-status={status}>
      <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>
    </span>
  );
}
