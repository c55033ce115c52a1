import { useTranslation } from 'react-i18next';
import { useOrder } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { formatDateTime, formatPrice } from '../../lib/format-date';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { QueryState } from '../ui/query-state';
import { OrderStatusBadge } from './order-status-badge';

/** The order history's view action: one order in full. */
export function OrderDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const order = useOrder(orderId);
  const o = order.data;
  const row = (label: string, value: React.ReactNode) => (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="text-end">{value}</dd>
    </div>
  );
  return (
    <Modal open={orderId !== null} onClose={onClose} title={t('orders.detailTitle')}>
      {o ? (
        <dl className="mt-4 divide-y divide-zinc-800 text-sm" data-testid="order-detail">
          {row(t('orders.license'), o.license.title)}
          {row(t('orders.statusLabel'), <OrderStatusBadge status={o.status} />)}
          {row(t('orders.amount'), formatPrice(o.amount, o.currency, lang))}
          {row(t('orders.provider'), t(`billing.providers.${o.provider}`))}
          {row(t('orders.created'), formatDateTime(o.created_at, lang))}
          {o.completed_at ? row(t('orders.completed'), formatDateTime(o.completed_at, lang)) : null}
          {o.ref_id ? row(t('orders.refId'), <span dir="ltr">{o.ref_id}</span>) : null}
          {o.failure ? row(t('orders.failure'), t(`orders.failures.${failureKey(o.failure)}`)) : null}
          {row(
            t('orders.id'),
            <span dir="ltr" className="font-mono text-xs">
              {o.id}
            </span>,
          )}
        </dl>
      ) : (
        <QueryState query={order} />
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('shared:close')}
        </Button>
      </div>
    </Modal>
  );
}

const FAILURES = ['cancelled', 'rejected', 'mismatch', 'expired', 'request'] as const;
const failureKey = (failure: string) =>
  (FAILURES as readonly string[]).includes(failure) ? (failure as (typeof FAILURES)[number]) : 'other';
