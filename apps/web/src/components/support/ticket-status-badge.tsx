import type { TicketStatus } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { TICKET_TONE } from '../../lib/ticket-tone';
import { Badge } from '../ui/status-badge';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('settings');
  return <Badge tone={TICKET_TONE[status]}>{t(`support.status.${status}`)}</Badge>;
}
