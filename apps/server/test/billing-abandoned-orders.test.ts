/**
 * Orders whose buyer never came back from the payment page: after the pending window
 * (DIDBAN_ORDER_PENDING_MINUTES) the order history settles them from the provider alone, through
 * the Zarinpal- and BTCPay-protocol stand-ins.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses, orders, userLicenses } from '../src/db/schema.js';
import { type BillingFixture, startBillingFixture } from './helpers/billing-fixture.js';
import type { BtcpayStandIn } from './helpers/btcpay-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { startZarinpalStandIn, type ZarinpalStandIn } from './helpers/zarinpal-stand-in.js';

let fixture: BillingFixture;
let server: TestServer;
let zarinpal: ZarinpalStandIn;
let btcpay: BtcpayStandIn;

beforeAll(async () => {
  fixture = await startBillingFixture({ DIDBAN_ORDER_PENDING_MINUTES: '30' });
  ({ server, zarinpal, btcpay } = fixture);
});
afterAll(() => fixture.close());

type Session = Awaited<ReturnType<typeof registerUser>>;
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });

async function buy(user: Session, title: string, provider: 'zarinpal' | 'btcpay') {
  const [license] = await server.db.select().from(licenses).where(eq(licenses.title, title));
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/license/payment/request/',
    headers: user.auth,
    payload: { license_id: license!.id, provider },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { url: string; order_id: string };
}
const authorityOf = (url: string) => decodeURIComponent(url.split('/pg/StartPay/')[1]!);
/** The order was opened `minutes` ago. */
const age = (orderId: string, minutes: number) =>
  server.db
    .update(orders)
    .set({ created_at: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(orders.id, orderId));
const history = async (user: Session) =>
  (await get('license/orders-history/', user.auth)).json().data.results as {
    id: string;
    status: string;
    failure: string | null;
  }[];
const statusOf = async (user: Session, orderId: string) =>
  (await history(user)).find((o) => o.id === orderId);
const activations = (userId: string) =>
  server.db.select().from(userLicenses).where(eq(userLicenses.user_id, userId));

describe('orders whose buyer never came back', () => {
  it('stay pending inside the window, then fail as expired when the gateway never saw a payment', async () => {
    const ali = await registerUser(server);
    const { url, order_id } = await buy(ali, 'Pro', 'zarinpal');
    await age(order_id, 29);
    const verifiesBefore = zarinpal.seen.filter((s) => s.path === '/pg/v4/payment/verify.json').length;
    expect(await statusOf(ali, order_id)).toMatchObject({ status: 'pending', failure: null });
    // Inside the window the gateway is not asked.
    expect(zarinpal.seen.filter((s) => s.path === '/pg/v4/payment/verify.json')).toHaveLength(verifiesBefore);

    await age(order_id, 31);
    expect(await statusOf(ali, order_id)).toMatchObject({ status: 'failed', failure: 'expired' });
    const asked = zarinpal.seen.filter((s) => s.path === '/pg/v4/payment/verify.json').at(-1);
    expect(asked?.body).toMatchObject({ authority: authorityOf(url) });
    expect(await activations(ali.user.id)).toHaveLength(0);
    // Coming back late gets the expiry message, and the order stays failed.
    const late = await get(
      `license/payment/verify/?order_id=${order_id}&Authority=${encodeURIComponent(authorityOf(url))}&Status=NOK`,
      { ...ali.auth, 'accept-language': 'en' },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('payment_expired');
  });

  it('complete and activate the licence when the buyer paid but never returned', async () => {
    const sara = await registerUser(server);
    const { url, order_id } = await buy(sara, 'Enterprise', 'zarinpal');
    zarinpal.pay(authorityOf(url));
    await age(order_id, 45);
    // Opening one order settles the stale ones too.
    const one = await get(`license/orders-history/${order_id}/`, sara.auth);
    expect(one.json().data).toMatchObject({ id: order_id, status: 'completed' });
    expect(await activations(sara.user.id)).toHaveLength(1);
    expect((await get('license/active-license/', sara.auth)).json().data).toMatchObject({
      title: 'Enterprise',
      order_id,
    });
    // Listing again changes nothing: one activation.
    await history(sara);
    expect(await activations(sara.user.id)).toHaveLength(1);
  });

  it('follow the BTCPay invoice: still confirming stays pending, expired fails, settled completes', async () => {
    const reza = await registerUser(server);
    const confirming = await buy(reza, 'Pro', 'btcpay');
    const expired = await buy(reza, 'Pro', 'btcpay');
    const settled = await buy(reza, 'Pro', 'btcpay');
    btcpay.setStatus(btcpay.invoiceFor(confirming.order_id).id, 'Processing');
    btcpay.setStatus(btcpay.invoiceFor(expired.order_id).id, 'Expired');
    btcpay.setStatus(btcpay.invoiceFor(settled.order_id).id, 'Settled');
    for (const o of [confirming, expired, settled]) await age(o.order_id, 60);

    const orders = await history(reza);
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(confirming.order_id)).toMatchObject({ status: 'pending' });
    expect(byId.get(expired.order_id)).toMatchObject({ status: 'failed', failure: 'expired' });
    expect(byId.get(settled.order_id)).toMatchObject({ status: 'completed' });
    expect(await activations(reza.user.id)).toHaveLength(1);
  });

  it("settle only the asker's own orders", async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const { order_id } = await buy(owner, 'Pro', 'zarinpal');
    await age(order_id, 90);
    await history(other);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, order_id));
    expect(row?.status).toBe('pending');
    expect(await statusOf(owner, order_id)).toMatchObject({ status: 'failed', failure: 'expired' });
  });

  it('ask a gateway that is down once per listing, not once per stale order', async () => {
    const omid = await registerUser(server);
    const bought = [await buy(omid, 'Pro', 'zarinpal'), await buy(omid, 'Pro', 'zarinpal')];
    bought.push(await buy(omid, 'Pro', 'zarinpal'));
    for (const o of bought) await age(o.order_id, 60);
    const verifies = () => zarinpal.seen.filter((s) => s.path === '/pg/v4/payment/verify.json').length;
    zarinpal.setOutage(true);
    try {
      const before = verifies();
      const listed = await history(omid);
      expect(listed.map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);
      expect(verifies() - before).toBe(1);
    } finally {
      zarinpal.setOutage(false);
    }
    // Back up: the next listing settles all three.
    const settled = await history(omid);
    expect(settled.map((o) => [o.status, o.failure])).toEqual([
      ['failed', 'expired'],
      ['failed', 'expired'],
      ['failed', 'expired'],
    ]);
  });

  it('leave the order pending when the gateway cannot be reached', async () => {
    // A server of its own, on a gateway this test can take down.
    const gateway = await startZarinpalStandIn({ merchantId: '1344b5d4-0048-11e8-94db-005056a205be' });
    const own = await createTestServer({ ...gateway.env, DIDBAN_ORDER_PENDING_MINUTES: '30' });
    try {
      const mina = await registerUser(own);
      const [license] = await own.db.select().from(licenses).where(eq(licenses.title, 'Pro'));
      const opened = await own.app.inject({
        method: 'POST',
        url: '/api/v1/license/payment/request/',
        headers: mina.auth,
        payload: { license_id: license!.id, provider: 'zarinpal' },
      });
      const { order_id } = opened.json().data as { order_id: string };
      await own.db
        .update(orders)
        .set({ created_at: sql`now() - interval '2 hours'` })
        .where(eq(orders.id, order_id));
      const payments = gateway.payments;
      await gateway.close();
      const list = async () =>
        (
          await own.app.inject({ method: 'GET', url: '/api/v1/license/orders-history/', headers: mina.auth })
        ).json().data.results as { id: string; status: string }[];
      expect(await list()).toEqual([expect.objectContaining({ id: order_id, status: 'pending' })]);
      expect(payments.size).toBe(1);
    } finally {
      await own.close();
    }
  });
});
