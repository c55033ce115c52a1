import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ZarinpalPayment = {
  authority: string;
  merchant_id: string;
  amount: number;
  currency: string;
  callback_url: string;
  description: string;
  metadata: Record<string, unknown>;
  state: 'created' | 'paid' | 'cancelled' | 'verified';
  ref_id?: number;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const errorBody = (code: number, message: string) => ({
  data: [],
  errors: { code, message, validations: [] },
});

/**
 * A local stand-in for a gateway speaking Zarinpal's v4 REST protocol, on 127.0.0.1:
 * - `POST /pg/v4/payment/request.json` {merchant_id, amount, callback_url, description, metadata}
 *   → `{ data: { code: 100, authority, fee_type, fee }, errors: [] }`;
 * - `GET /pg/StartPay/{authority}` is the buyer's page: it pays and redirects to the callback
 *   with `Authority` and `Status=OK` (tests call `pay`/`cancel` for the same effect);
 * - `POST /pg/v4/payment/verify.json` {merchant_id, amount, authority} → code 100 with ref_id,
 *   101 when already verified; errors -54 (unknown authority), -50 (amount differs), -51 (not paid),
 *   -11 (wrong merchant), -9 (missing fields).
 */
export async function startZarinpalStandIn(options: { merchantId: string }) {
  const payments = new Map<string, ZarinpalPayment>();
  const seen: Array<{ path: string; body?: Record<string, unknown> }> = [];
  /** While true, verify answers 502 with an HTML page, as a proxy in front of a down gateway. */
  const state = { outage: false };

  const callbackFor = (payment: ZarinpalPayment, status: 'OK' | 'NOK') => {
    const url = new URL(payment.callback_url);
    url.searchParams.set('Authority', payment.authority);
    url.searchParams.set('Status', status);
    return url;
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/pg/v4/payment/request.json') {
      const body = await readJson(req);
      seen.push({ path: url.pathname, body });
      if (!body.merchant_id || !body.amount || !body.callback_url || !body.description)
        return json(400, errorBody(-9, 'The input params invalid, validation error.'));
      if (body.merchant_id !== options.merchantId)
        return json(400, errorBody(-11, 'Terminal is not active.'));
      const authority = `A${String(randomInt(1e9)).padStart(35, '0')}`;
      payments.set(authority, {
        authority,
        merchant_id: String(body.merchant_id),
        amount: Number(body.amount),
        currency: String(body.currency ?? 'IRR'),
        callback_url: String(body.callback_url),
        description: String(body.description),
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        state: 'created',
      });
      return json(200, {
        data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
        errors: [],
      });
    }
    const start = /^\/pg\/StartPay\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && start) {
      const payment = payments.get(decodeURIComponent(start[1]!));
      if (!payment) return json(404, errorBody(-54, 'Invalid authority.'));
      payment.state = 'paid';
      res.writeHead(302, { location: callbackFor(payment, 'OK').toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/pg/v4/payment/verify.json') {
      const body = await readJson(req);
      seen.push({ path: url.pathname, body });
      if (state.outage) {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      if (!body.merchant_id || !body.amount || !body.authority)
        return json(400, errorBody(-9, 'The input params invalid, validation error.'));
      if (body.merchant_id !== options.merchantId)
        return json(400, errorBody(-11, 'Terminal is not active.'));
      const payment = payments.get(String(body.authority));
      if (!payment) return json(400, errorBody(-54, 'Invalid authority.'));
      if (Number(body.amount) !== payment.amount)
        return json(400, errorBody(-50, 'Session is not valid, amounts values is not the same.'));
      if (payment.state === 'verified')
        return json(200, { data: { code: 101, message: 'Verified', ref_id: payment.ref_id }, errors: [] });
      if (payment.state !== 'paid')
        return json(400, errorBody(-51, 'Session is not valid, session is not active paid try.'));
      payment.state = 'verified';
      payment.ref_id = randomInt(1e6, 1e9);
      return json(200, {
        data: {
          code: 100,
          message: 'Paid',
          card_hash: '1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69',
          card_pan: '502229******5995',
          ref_id: payment.ref_id,
          fee_type: 'Merchant',
          fee: 0,
        },
        errors: [],
      });
    }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (authority: string) => {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`stand-in: no payment ${authority}`);
    return payment;
  };
  return {
    base,
    env: { ZARINPAL_MERCHANT_ID: options.merchantId, ZARINPAL_URL: base },
    payments,
    seen,
    /** The buyer pays on the gateway's page; answers the callback's query string. */
    pay(authority: string): string {
      find(authority).state = 'paid';
      return callbackFor(find(authority), 'OK').search;
    },
    /** The buyer cancels (or the bank refuses); answers the callback's query string. */
    cancel(authority: string): string {
      find(authority).state = 'cancelled';
      return callbackFor(find(authority), 'NOK').search;
    },
    /** Take verify down (502 HTML) or bring it back. */
    setOutage(down: boolean) {
      state.outage = down;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ZarinpalStandIn = Awaited<ReturnType<typeof startZarinpalStandIn>>;
