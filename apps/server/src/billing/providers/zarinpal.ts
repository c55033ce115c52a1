import { z } from 'zod';
import {
  callJson,
  GatewayUnavailableError,
  type PaymentCheck,
  type PaymentGateway,
  type PaymentRecord,
} from './gateway.js';

// Zarinpal v4 answers `{ data, errors }`: on success `data.code` is 100 (or 101 for a payment
// already verified) and `errors` is empty; on failure `data` is empty and `errors.code` is negative.
const envelopeSchema = z.object({
  data: z.union([z.looseObject({ code: z.coerce.number() }), z.array(z.unknown())]).optional(),
  errors: z.union([z.looseObject({ code: z.coerce.number() }), z.array(z.unknown())]).optional(),
});
const requestData = z.looseObject({ code: z.coerce.number(), authority: z.string().min(1) });
const verifyData = z.looseObject({ code: z.coerce.number(), ref_id: z.union([z.number(), z.string()]) });

/** -50: amounts differ; -54: authority unknown or not ours. */
const MISMATCH_CODES = new Set([-50, -54]);

/**
 * A national gateway speaking Zarinpal's v4 REST protocol: `POST /pg/v4/payment/request.json`
 * → authority; the buyer pays at `/pg/StartPay/{authority}` and comes back with
 * `?Authority=…&Status=OK|NOK`; `POST /pg/v4/payment/verify.json` with the STORED amount confirms.
 * @example createZarinpalGateway({ merchantId, url: 'https://payment.zarinpal.com' })
 */
export function createZarinpalGateway(options: { merchantId: string; url: string }): PaymentGateway {
  const { merchantId, url } = options;
  /** `POST verify.json` with the STORED amount and authority: paid, or why not. */
  const verify = async (record: PaymentRecord): Promise<PaymentCheck> => {
    const { body } = await callJson(`${url}/pg/v4/payment/verify.json`, {
      method: 'POST',
      body: { merchant_id: merchantId, amount: record.amount, authority: record.reference },
    });
    const parsed = envelopeSchema.safeParse(body);
    if (!parsed.success) throw new GatewayUnavailableError(`zarinpal verify: ${JSON.stringify(body)}`);
    const data = verifyData.safeParse(parsed.data.data);
    if (data.success && (data.data.code === 100 || data.data.code === 101)) {
      return { outcome: 'paid', refId: String(data.data.ref_id) };
    }
    const errors = parsed.data.errors;
    const code = errors && !Array.isArray(errors) ? errors.code : undefined;
    if (code === undefined) throw new GatewayUnavailableError(`zarinpal verify: ${JSON.stringify(body)}`);
    return { outcome: 'failed', reason: MISMATCH_CODES.has(code) ? 'mismatch' : 'rejected' };
  };
  return {
    name: 'zarinpal',
    async open(payment) {
      const { status, body } = await callJson(`${url}/pg/v4/payment/request.json`, {
        method: 'POST',
        body: {
          merchant_id: merchantId,
          amount: payment.amount,
          currency: payment.currency,
          callback_url: payment.callbackUrl,
          description: payment.description,
          metadata: { order_id: payment.orderId },
        },
      });
      const parsed = envelopeSchema.safeParse(body);
      const data = parsed.success ? requestData.safeParse(parsed.data.data) : undefined;
      if (status !== 200 || !data?.success || data.data.code !== 100) {
        throw new GatewayUnavailableError(`zarinpal request refused (${status}): ${JSON.stringify(body)}`);
      }
      const authority = data.data.authority;
      return { reference: authority, url: `${url}/pg/StartPay/${encodeURIComponent(authority)}` };
    },
    async check(record, query): Promise<PaymentCheck> {
      // Without the gateway's callback parameters there is nothing to decide yet.
      if (query.Authority === undefined && query.Status === undefined) return { outcome: 'pending' };
      // The callback names the authority; it must be the one this order was opened with.
      if (query.Authority !== record.reference) return { outcome: 'failed', reason: 'mismatch' };
      if (query.Status !== 'OK') return { outcome: 'failed', reason: 'cancelled' };
      return verify(record);
    },
    async settleAbandoned(record): Promise<PaymentCheck> {
      // Verify with the stored authority, as the callback would have: -51 means never paid.
      const check = await verify(record);
      return check.outcome === 'failed' && check.reason === 'rejected'
        ? { outcome: 'failed', reason: 'expired' }
        : check;
    },
  };
}
