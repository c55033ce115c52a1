import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderDialog } from '../../components/billing/order-dialog';
import { OrderStatusBadge } from '../../components/billing/order-status-badge';
import { Button } from '../../components/ui/button';
import { Card, ListState } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { useOrders } from '../../hooks/use-billing';
import { useLang } from '../../hooks/use-lang';
import { formatDateTime, formatPrice } from '../../lib/format-date';
import { PATHS } from '../../routes/paths';

/** /settings/order-history: my orders, newest first, each with a view action (spec §2). */
export function OrderHistoryPage() {
  const { t } = useTranslation(['settings', 'shared']);
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const orders = useOrders(page);
  const data = orders.data;
  const cell = 'px-4 py-3 text-start';

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('orders.title')}</h2>
      {!data ? (
        <QueryState query={orders} />
      ) : data.results.length === 0 ? (
        <ListState kind="empty">
          {t('orders.empty')} {/* Where an order starts (issue 34: the empty list led nowhere). */}
          <Link
            to={PATHS.settingsBilling}
            className="text-brand-300 hover:underline"
            data-testid="orders-to-billing"
          >
            {t('orders.toBilling')}
          </Link>
        </ListState>
      ) : (
        <div className="mt-5 overflow-x-auto relative rounded-xl border border-zinc-800">
          <table className="w-full text-sm">
            <thead className="bg-zinc-900 text-xs text-zinc-400">
              <tr>
                <th className={cell}>{t('orders.license')}</th>
                <th className={cell}>{t('orders.amount')}</th>
                <th className={cell}>{t('orders.provider')}</th>
                <th className={cell}>{t('orders.statusLabel')}</th>
                <th className={cell}>{t('orders.created')}</th>
                <th className={cell}>
                  <span className="sr-only">{t('orders.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {data.results.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td className={cell}>{order.license.title}</td>
                  <td className={cell}>{formatPrice(order.amount, order.currency, lang)}</td>
                  <td className={cell}>{t(`billing.providers.${order.provider}`)}</td>
                  <td className={cell}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className={cell}>{formatDateTime(order.created_at, lang)}</td>
                  <td className={cell}>
                    <Button variant="ghost" onClick={() => setViewing(order.id)}>
                      {t('orders.view')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? (
        <div className="mt-5">
          <Pagination page={data.current_page} totalPages={data.total_pages} onChange={setPage} />
        </div>
      ) : null}
      <OrderDialog orderId={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
