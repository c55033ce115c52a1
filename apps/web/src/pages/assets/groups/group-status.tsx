import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/status-badge';
import type { Tone } from '../../../lib/status-tone';

/** Spec §4 group display statuses: the server's value → a label key and a colour. */
const DISPLAY: Record<string, { label: string; tone: Tone }> = {
  not_scanned: { label: 'status.notScanned', tone: 'neutral' },
  scanning: { label: 'status.scanning', tone: 'info' },
  running: { label: 'status.scanning', tone: 'info' },
  initializing: { label: 'status.initializing', tone: 'info' },
  finished: { label: 'status.finished', tone: 'success' },
  failed: { label: 'status.failed', tone: 'error' },
  cancelled: { label: 'status.cancelled', tone: 'warning' },
};

/** Whether a discovery of the group is under way (cancel offered, page polls). */
export const isDiscovering = (status: string) =>
  status === 'running' || status === 'scanning' || status === 'initializing';

export function GroupStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('assets');
  const display = DISPLAY[status];
  return (
    <span data-testid="group-status" data-status={status}>
      <Badge tone={display?.tone ?? 'neutral'}>
        {display ? t(display.label as 'status.notScanned') : status}
      </Badge>
    </span>
  );
}
