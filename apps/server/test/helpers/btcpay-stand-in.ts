import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BtcpayInvoiceStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';

export type BtcpayInvoice = {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  type: 'Standard';
  checkoutLink: string;
  status: BtcpayInvoiceStatus;
  additionalStatus: 'None';
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  metadata: Record<string, unknown>;
  checkout: { redirectURL?: string; redirectAutomatically?: boolean };
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * A local stand-in for BTCPay Server's Greenfield invoice API, on 127.0.0.1:
 * - `POST /api/v1/stores/{storeId}/invoices` (`Authorization: token <key>`) {amount, currency,
 *   metadata, checkout:{redirectURL}} → the invoice {id, checkoutLink, status: 'New', …};
 * - `GET /api/v1/stores/{storeId}/invoices/{id}` → the invoice (404 `invoice-not-found`);
 * - `GET /i/{id}` is the checkout page: it settles and redirects to `redirectURL`.
 * Wrong key: 401 `unauthenticated`; another store: 403 `missing-permission`; bad body: 422.
 */
export async function startBtcpayStandIn(options: { storeId: string; apiKey: string }) {
  const invoices = new Map<string, BtcpayInvoice>();
  const seen: Array<{ method: string; path: string; body?: unknown }> = [];
  let base = '';

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const checkout = /^\/i\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && checkout) {
      const invoice = invoices.get(checkout[1]!);
      if (!invoice) return json(404, { code: 'invoice-not-found', message: 'The invoice was not found' });
      invoice.status = 'Settled';
      res.writeHead(302, { location: invoice.checkout.redirectURL ?? '/' });
      return res.end();
    }
    const api = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?$/.exec(url.pathname);
    if (!api) return json(404, { code: 'not-found', message: 'Not Found' });
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    seen.push({ method: req.method ?? '', path: url.pathname, body });
    if (req.headers.authorization !== `token ${options.apiKey}`)
      return json(401, {
        code: 'unauthenticated',
        message: 'Authentication is required for accessing this endpoint',
      });
    if (decodeURIComponent(api[1]!) !== options.storeId)
      return json(403, { code: 'missing-permission', message: 'Insufficient API Permissions.' });
    if (req.method === 'POST' && !api[2]) {
      const amount = Number(body?.amount);
      if (!body || !Number.isFinite(amount) || amount <= 0)
        return json(422, [{ path: 'amount', message: 'Amount should be greater than 0' }]);
      const id = randomBytes(11).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const invoice: BtcpayInvoice = {
        id,
        storeId: options.storeId,
        amount: String(body.amount),
        currency: String(body.currency ?? 'USD').toUpperCase(),
        type: 'Standard',
        checkoutLink: `${base}/i/${id}`,
        status: 'New',
        additionalStatus: 'None',
        createdTime: now,
        expirationTime: now + 900,
        monitoringExpiration: now + 3600,
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        checkout: (body.checkout as BtcpayInvoice['checkout']) ?? {},
      };
      invoices.set(id, invoice);
      return json(200, invoice);
    }
    if (req.method === 'GET' && api[2]) {
      const invoice = invoices.get(decodeURIComponent(api[2]));
      if (!invoice) return json(404, { code: 'invoice-not-found', message: 'The invoice was not found' });
      return json(200, invoice);
    }
    json(405, { code: 'method-not-allowed', message: 'Method not allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (id: string) => {
    const invoice = invoices.get(id);
    if (!invoice) throw new Error(`stand-in: no invoice ${id}`);
    return invoice;
  };
  return {
    base,
    env: { BTCPAY_URL: base, BTCPAY_STORE_ID: options.storeId, BTCPAY_API_KEY: options.apiKey },
    invoices,
    seen,
    /** What BTCPay does as the payment progresses (or fails); answers the redirect's query string. */
    setStatus(id: string, status: BtcpayInvoiceStatus): string {
      find(id).status = status;
      return new URL(find(id).checkout.redirectURL ?? base).search;
    },
    invoiceFor(orderId: string): BtcpayInvoice {
      const invoice = [...invoices.values()].find((i) => i.metadata.orderId === orderId);
      if (!invoice) throw new Error(`stand-in: no invoice for order ${orderId}`);
      return invoice;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type BtcpayStandIn = Awaited<ReturnType<typeof startBtcpayStandIn>>;
