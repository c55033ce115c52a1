import type { OrderStatus } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { ORDER_TONE } from '../../lib/plan';
import { Badge } from '../ui/status-badge';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('settings');
  return <Badge tone={ORDER_TONE[status]}>{t(`orders.status.${status}`)}</Badge>;
}
