import { type ApiClient, createApiClient } from '@didban/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { startBtcpayStandIn } from './helpers/btcpay-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { startZarinpalStandIn } from './helpers/zarinpal-stand-in.js';

// The typed client calls of @didban/core against a listening server: every answer must parse
// with the contract's schemas, and failures reject with the server's words (spec §8).
let server: TestServer;
let baseUrl: string;
let zarinpal: Awaited<ReturnType<typeof startZarinpalStandIn>>;
let btcpay: Awaited<ReturnType<typeof startBtcpayStandIn>>;

beforeAll(async () => {
  zarinpal = await startZarinpalStandIn({ merchantId: 'client-test-merchant-000000000000000' });
  btcpay = await startBtcpayStandIn({ storeId: 'store-c', apiKey: 'key-c' });
  server = await createTestServer({ ...zarinpal.env, ...btcpay.env });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await zarinpal.close();
  await btcpay.close();
});

const clientFor = (token: string, lang: 'en' | 'fa' = 'en'): ApiClient =>
  createApiClient({ baseUrl, getToken: () => token, getLanguage: () => lang });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('@didban/core billing calls', () => {
  it('buys Pro through the gateway and reads the active licence and the orders', async () => {
    const alice = await registerUser(server);
    const api = clientFor(alice.access);
    const { results } = await api.billing.licenses();
    const pro = results.find((l) => l.title === 'Pro')!;
    expect(await api.billing.activeLicense()).toBeNull();
    expect((await api.billing.plan()).plan).toBe('free');

    const { url, order_id } = await api.billing.requestPayment({ license_id: pro.id, provider: 'zarinpal' });
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const result = await api.billing.verifyPayment(back.search);
    expect(result).toMatchObject({ status: 'completed', order: { id: order_id }, license: { title: 'Pro' } });
    expect((await api.billing.activeLicense())?.title).toBe('Pro');
    expect((await api.billing.plan()).limits.teams).toBe(5);
    const orders = await api.billing.orders({ status: 'completed' });
    expect(orders.results.map((o) => o.id)).toEqual([order_id]);

    const btc = await api.billing.requestPayment({ license_id: pro.id, provider: 'btcpay' });
    const invoice = btcpay.invoiceFor(btc.order_id);
    expect((await api.billing.verifyPayment({ order_id: btc.order_id })).status).toBe('pending');
    const expired = await api.billing
      .verifyPayment(btcpay.setStatus(invoice.id, 'Expired'))
      .catch((e: unknown) => e);
    expect(expired).toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'payment_expired',
      message: 'The payment expired before it was completed. The order is marked as failed.',
    });
  });
});

describe('@didban/core support calls', () => {
  it('opens a ticket, sends text and a file, reads the pages, staff reply, the owner closes', async () => {
    const alice = await registerUser(server);
    const staffSession = await registerUser(server);
    await server.db.update(users).set({ is_staff: true }).where(eq(users.id, staffSession.user.id));
    const api = clientFor(alice.access, 'fa');
    const staff = clientFor(staffSession.access, 'en');

    const [type] = (await api.support.types()).results;
    const ticket = await api.support.create({ title: 'خطا در اسکن', ticket_type: type!.id });
    expect(ticket.status).toBe('open');
    await api.support.send(ticket.id, { text: 'سلام' });
    const photo = await api.support.send(ticket.id, {
      file: new Blob([PNG], { type: 'image/png' }),
      fileName: 'screen.png',
    });
    expect(photo).toMatchObject({ message_type: 'image', file_name: 'screen.png', is_mine: true });

    const seenByStaff = await staff.support.list({ status: 'open' });
    expect(seenByStaff.results.map((t) => t.id)).toContain(ticket.id);
    const reply = await staff.support.send(ticket.id, { text: 'We are on it.' });
    expect(reply.sender_is_staff).toBe(true);

    const page = await api.support.messages(ticket.id);
    expect(page.results.map((m) => [m.message_type, m.is_mine])).toEqual([
      ['text', true],
      ['image', true],
      ['text', false],
    ]);
    const closed = await api.support.close(ticket.id);
    expect(closed.status).toBe('closed');
    const refused = await api.support.send(ticket.id, { text: 'again' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: 'این تیکت بسته شده است و پیام جدیدی نمی‌پذیرد.' });
    const empty = await staff.support.send(ticket.id, { text: ' ' }).catch((e: unknown) => e);
    expect(empty).toMatchObject({ status: 409, code: 'ticket_closed' });
  });
});
