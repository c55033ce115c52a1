import { z } from 'zod';
import { callJson, GatewayUnavailableError, type PaymentCheck, type PaymentGateway } from './gateway.js';

const invoiceSchema = z.looseObject({
  id: z.string().min(1),
  checkoutLink: z.string().optional(),
  status: z.string(),
  amount: z.union([z.string(), z.number()]),
  currency: z.string(),
  metadata: z.looseObject({ orderId: z.string().optional() }).nullish(),
});

/**
 * BTCPay Server through Greenfield invoices: `POST /api/v1/stores/{store}/invoices` (with
 * `Authorization: token <key>`) → {id, checkoutLink}; on return the invoice is read back
 * (`GET …/invoices/{id}`) and must be Settled, for this order, at the order's amount and
 * currency. New/Processing stay pending; Expired and Invalid fail.
 * @example createBtcpayGateway({ url: 'https://btcpay.example', storeId, apiKey })
 */
export function createBtcpayGateway(options: {
  url: string;
  storeId: string;
  apiKey: string;
}): PaymentGateway {
  const base = `${options.url}/api/v1/stores/${encodeURIComponent(options.storeId)}/invoices`;
  const headers = { authorization: `token ${options.apiKey}` };
  const gateway: PaymentGateway = {
    name: 'btcpay',
    async open(payment) {
      const { status, body } = await callJson(base, {
        method: 'POST',
        headers,
        body: {
          amount: String(payment.amount),
          currency: payment.currency,
          metadata: { orderId: payment.orderId, itemDesc: payment.description },
          checkout: { redirectURL: payment.callbackUrl, redirectAutomatically: true },
        },
      });
      const invoice = invoiceSchema.safeParse(body);
      if (status !== 200 || !invoice.success || !invoice.data.checkoutLink) {
        throw new GatewayUnavailableError(`btcpay invoice refused (${status}): ${JSON.stringify(body)}`);
      }
      return { reference: invoice.data.id, url: invoice.data.checkoutLink };
    },
    async check(record): Promise<PaymentCheck> {
      const { status, body } = await callJson(`${base}/${encodeURIComponent(record.reference)}`, {
        method: 'GET',
        headers,
      });
      if (status === 404) return { outcome: 'failed', reason: 'mismatch' };
      const invoice = invoiceSchema.safeParse(body);
      if (status !== 200 || !invoice.success) {
        throw new GatewayUnavailableError(`btcpay invoice read (${status}): ${JSON.stringify(body)}`);
      }
      const { data } = invoice;
      const sameOrder = data.id === record.reference && data.metadata?.orderId === record.orderId;
      const sameAmount =
        Number(data.amount) === record.amount &&
        data.currency.toUpperCase() === record.currency.toUpperCase();
      if (!sameOrder || !sameAmount) return { outcome: 'failed', reason: 'mismatch' };
      switch (data.status) {
        case 'Settled':
          return { outcome: 'paid', refId: data.id };
        case 'New':
        case 'Processing':
          return { outcome: 'pending' };
        case 'Expired':
          return { outcome: 'failed', reason: 'expired' };
        default:
          return { outcome: 'failed', reason: 'rejected' };
      }
    },
    // The invoice itself says it all: BTCPay expires an unpaid invoice after its own window, and
    // a payment still confirming stays pending.
    settleAbandoned: (record) => gateway.check(record, {}),
  };
  return gateway;
}
