import {
  activeLicenseSchema,
  licenseListSchema,
  type OrderListQuery,
  orderListSchema,
  orderSchema,
  type PaymentRequestInput,
  paymentRedirectSchema,
  paymentVerifyResultSchema,
  planSchema,
} from '../contract/billing.js';
import { envelope } from '../contract/envelope.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);

/**
 * Spec §7 licence calls: the catalogue, the active licence, buying (redirect to the provider's
 * page), verifying on return (/vpl), and the order history.
 * @example
 *   const { url } = await api.billing.requestPayment({ license_id, provider: 'zarinpal' });
 *   window.location.assign(url);
 *   // later, on /vpl: await api.billing.verifyPayment(window.location.search)
 */
export function billingEndpoints(http: Http) {
  return {
    licenses: () => unwrap(http.get('license/', envelope(licenseListSchema))),
    /** null: the free plan. */
    activeLicense: () =>
      unwrap(http.get('license/active-license/', envelope(activeLicenseSchema.nullable()))),
    /** The plan binding the current workspace (its owner's), with limits and current use. */
    plan: () => unwrap(http.get('license/plan/', envelope(planSchema))),
    requestPayment: (body: PaymentRequestInput) =>
      unwrap(http.post('license/payment/request/', body, envelope(paymentRedirectSchema))),
    /** Pass the callback page's query string (with or without '?') or its parameters as they came. */
    verifyPayment: (query: string | Record<string, string>) => {
      let params: Record<string, string> = {};
      if (typeof query === 'string') {
        new URLSearchParams(query.replace(/^\?/, '')).forEach((value, key) => {
          params[key] = value;
        });
      } else params = query;
      return unwrap(http.get('license/payment/verify/', envelope(paymentVerifyResultSchema), params));
    },
    /** One of my orders (the order history's view action). */
    order: (orderId: string) =>
      unwrap(http.get(`license/orders-history/${encodeURIComponent(orderId)}/`, envelope(orderSchema))),
    orders: (query: Partial<OrderListQuery> = {}) =>
      unwrap(
        http.get('license/orders-history/', envelope(orderListSchema), {
          page: query.page ?? 1,
          page_size: query.page_size ?? 10,
          ...(query.status ? { status: query.status } : {}),
        }),
      ),
  };
}
