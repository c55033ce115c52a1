import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLicenseCommand } from '../src/billing/license-command.js';
import { assertCanCreateTeam, assertWithinLimit, getPlanLimits } from '../src/billing/limits.js';
import { licenses, orders, userLicenses, workspaces } from '../src/db/schema.js';
import { type BillingFixture, startBillingFixture } from './helpers/billing-fixture.js';
import type { BtcpayStandIn } from './helpers/btcpay-stand-in.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import type { ZarinpalStandIn } from './helpers/zarinpal-stand-in.js';

let fixture: BillingFixture;
let server: TestServer;
let zarinpal: ZarinpalStandIn;
let btcpay: BtcpayStandIn;

beforeAll(async () => {
  fixture = await startBillingFixture();
  ({ server, zarinpal, btcpay } = fixture);
});
afterAll(() => fixture.close());

type Session = Awaited<ReturnType<typeof registerUser>>;
const en = { 'accept-language': 'en' };
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });

const licenseId = async (title: string) => {
  const [row] = await server.db.select().from(licenses).where(eq(licenses.title, title));
  return row!;
};
const personalWorkspace = async (userId: string) => {
  const [row] = await server.db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.owner_id, userId), eq(workspaces.kind, 'personal')));
  return row!.id;
};
const orderRow = async (id: string) => (await server.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const activations = async (userId: string) =>
  server.db.select().from(userLicenses).where(eq(userLicenses.user_id, userId));

async function buy(user: Session, title: string, provider: 'zarinpal' | 'btcpay') {
  const license = await licenseId(title);
  const response = await post('license/payment/request/', user.auth, { license_id: license.id, provider });
  expect(response.statusCode).toBe(201);
  return { license, ...(response.json().data as { url: string; order_id: string }) };
}
const authorityOf = (url: string) => decodeURIComponent(url.split('/pg/StartPay/')[1]!);

/** What the /vpl page does: forward the query it was opened with. */
const verify = (user: Session, query: string, lang: Record<string, string> = {}) =>
  get(`license/payment/verify/${query}`, { ...user.auth, ...lang });

describe('licence catalogue and plan limits', () => {
  it('lists the seeded licences to anyone and has no active licence for a new user', async () => {
    const list = await get('license/');
    expect(list.statusCode).toBe(200);
    const titles = list.json().data.results.map((l: { title: string }) => l.title);
    expect(titles).toEqual(['Pro', 'Enterprise']);
    expect(list.json().data.results[0]).toMatchObject({
      title: 'Pro',
      price: 20_000_000,
      currency: 'IRR',
      scans: 200,
      team_members: 10,
      teams: 5,
      assets: 1000,
      duration_days: 30,
    });
    const alice = await registerUser(server);
    const active = await get('license/active-license/', alice.auth);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual({ data: null });
    expect((await get('license/active-license/')).statusCode).toBe(401);
  });

  it('enforces the free plan: 1 team, 3 members, 100 assets, 20 scans a month, in en and fa', async () => {
    const owner = await registerUser(server);
    const personal = await personalWorkspace(owner.user.id);
    const info = await getPlanLimits(server.db, personal);
    expect(info).toMatchObject({
      plan: 'free',
      license: null,
      limits: { assets: 100, scans: 20, teams: 1, team_members: 3 },
    });

    await assertWithinLimit(server.db, personal, 'teams', 1);
    await assertCanCreateTeam(server.db, owner.user.id);
    const team = await createTeam(server, owner.user.id, 'Blue');
    // Inside a transaction too (the teams routes create a team in one).
    await expect(server.db.transaction((tx) => assertCanCreateTeam(tx, owner.user.id))).rejects.toMatchObject(
      {
        code: 'plan_limit',
        messageKey: 'limits.teams',
      },
    );
    const refused = await assertWithinLimit(server.db, personal, 'teams', 1).catch((e) => e);
    expect(refused).toMatchObject({ statusCode: 403, code: 'plan_limit', messageKey: 'limits.teams' });
    expect(refused.params).toMatchObject({ limit: 1, used: 1, upgrade_url: '/settings/billing' });

    const a = await registerUser(server);
    const b = await registerUser(server);
    await assertWithinLimit(server.db, team.id, 'team_members', 2);
    await expect(assertWithinLimit(server.db, team.id, 'team_members', 3)).rejects.toMatchObject({
      code: 'plan_limit',
      messageKey: 'limits.team_members',
    });
    await createTeam(server, a.user.id, 'A-team', [[b.user.id, 'user']]);

    await assertWithinLimit(server.db, personal, 'assets', 100);
    await expect(assertWithinLimit(server.db, personal, 'assets', 101)).rejects.toMatchObject({
      messageKey: 'limits.assets',
      params: { limit: 100, used: 0 },
    });
    await assertWithinLimit(server.db, personal, 'scans', 1, { used: 19 });
    await expect(assertWithinLimit(server.db, personal, 'scans', 1, { used: 20 })).rejects.toMatchObject({
      messageKey: 'limits.scans',
    });

    // The plan call shows the limits and the use, and the worded errors read well in both languages.
    const plan = await get('license/plan/', owner.auth);
    expect(plan.json().data).toMatchObject({
      plan: 'free',
      limits: { assets: 100, scans: 20, teams: 1, team_members: 3 },
      usage: { teams: 1, team_members: 1, assets: 0 },
      upgrade_url: '/settings/billing',
    });
    const { translate } = await import('@didban/core');
    expect(translate('limits.teams', 'en', refused.params)).toBe(
      'Your plan allows at most 1 team(s) (1 owned). Upgrade your plan at /settings/billing.',
    );
    expect(translate('limits.teams', 'fa', refused.params)).toBe(
      'طرح شما حداکثر ۱ تیم را مجاز می‌داند (۱ تیم دارید). طرح خود را در /settings/billing ارتقا دهید.',
    );
  });

  it('lets only one of two racing team creations take the last place', async () => {
    const racer = await registerUser(server);
    const attempt = (name: string) =>
      server.db.transaction(async (tx) => {
        await assertCanCreateTeam(tx, racer.user.id);
        // Hold the transaction open so the two overlap on PostgreSQL.
        await new Promise((resolve) => setTimeout(resolve, 150));
        await tx.insert(workspaces).values({ kind: 'team', name, owner_id: racer.user.id });
      });
    const results = await Promise.allSettled([attempt('One'), attempt('Two')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'plan_limit', messageKey: 'limits.teams' });
    const teams = await server.db
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.owner_id, racer.user.id), eq(workspaces.kind, 'team')));
    expect(teams).toHaveLength(1);
  });

  it("binds a team workspace by its owner's plan, not the acting member's", async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Red', [[member.user.id, 'admin']]);
    const bought = await buy(member, 'Enterprise', 'zarinpal');
    const back = await verify(member, zarinpal.pay(authorityOf(bought.url)));
    expect(back.json().data.status).toBe('completed');
    expect((await getPlanLimits(server.db, team.id)).plan).toBe('free');
    const inTeam = await get('license/plan/', { ...member.auth, 'x-workspace-id': team.id });
    expect(inTeam.json().data).toMatchObject({ plan: 'free', limits: { team_members: 3 } });
    const mine = await get('license/plan/', member.auth);
    expect(mine.json().data).toMatchObject({ plan: 'Enterprise', limits: { team_members: 100 } });
  });

  it('takes the free plan from the configuration', async () => {
    const other = await createTestServer({ DIDBAN_FREE_TEAMS: '2', DIDBAN_FREE_ASSETS: '5' });
    try {
      const user = await registerUser(other);
      const [ws] = await other.db.select().from(workspaces).where(eq(workspaces.owner_id, user.user.id));
      expect((await getPlanLimits(other.db, ws!.id)).limits).toEqual({
        assets: 5,
        scans: 20,
        teams: 2,
        team_members: 3,
      });
      await createTeam(other, user.user.id, 'One');
      await assertWithinLimit(other.db, ws!.id, 'teams', 1);
      await expect(assertWithinLimit(other.db, ws!.id, 'assets', 6)).rejects.toMatchObject({
        code: 'plan_limit',
      });
    } finally {
      await other.close();
    }
  });
});

describe('buying through the Zarinpal-protocol gateway', () => {
  it('buys Pro: pending order, StartPay page, verify activates once and raises the limits', async () => {
    const alice = await registerUser(server);
    const personal = await personalWorkspace(alice.user.id);
    await createTeam(server, alice.user.id, 'First');
    await expect(assertWithinLimit(server.db, personal, 'teams', 1)).rejects.toMatchObject({
      code: 'plan_limit',
    });

    const { url, order_id, license } = await buy(alice, 'Pro', 'zarinpal');
    expect(url).toMatch(new RegExp(`^${zarinpal.base}/pg/StartPay/A\\d{35}$`));
    const sent = zarinpal.seen.findLast((s) => s.path === '/pg/v4/payment/request.json')!.body!;
    expect(sent).toMatchObject({
      merchant_id: zarinpal.env.ZARINPAL_MERCHANT_ID,
      amount: 20_000_000,
      callback_url: `http://panel.test/vpl?order_id=${order_id}`,
      metadata: { order_id },
    });
    expect(await orderRow(order_id)).toMatchObject({
      status: 'pending',
      amount: license.price,
      provider: 'zarinpal',
    });
    // Opening /vpl without the gateway's parameters decides nothing.
    const early = await verify(alice, `?order_id=${order_id}`);
    expect(early.json().data).toMatchObject({
      status: 'pending',
      license: null,
      order: { status: 'pending' },
    });
    const pending = await get('license/orders-history/', alice.auth);
    expect(pending.json().data.results[0]).toMatchObject({
      id: order_id,
      status: 'pending',
      provider: 'zarinpal',
    });

    // The buyer pays on the gateway's page, which sends them back to /vpl.
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const callback = new URL(page.headers.get('location')!);
    expect(callback.pathname).toBe('/vpl');
    expect(callback.searchParams.get('Status')).toBe('OK');
    // An amount slipped into the query is ignored: the stored amount is what gets verified.
    const done = await verify(alice, `${callback.search}&amount=1000`);
    expect(done.statusCode).toBe(200);
    const result = done.json().data;
    expect(result).toMatchObject({
      status: 'completed',
      order: { id: order_id, status: 'completed', amount: 20_000_000, license: { title: 'Pro' } },
      license: { title: 'Pro', order_id },
    });
    expect(result.order.ref_id).toMatch(/^\d+$/);
    const verifyCalls = zarinpal.seen.filter((s) => s.path === '/pg/v4/payment/verify.json');
    expect(verifyCalls.at(-1)!.body).toMatchObject({ amount: 20_000_000, authority: authorityOf(url) });

    const active = (await get('license/active-license/', alice.auth)).json().data;
    expect(active).toMatchObject({ title: 'Pro', teams: 5, order_id });
    const days = (Date.parse(active.valid_until) - Date.parse(active.starts_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await assertWithinLimit(server.db, personal, 'teams', 4);
    await expect(assertWithinLimit(server.db, personal, 'teams', 5)).rejects.toMatchObject({
      params: { limit: 5 },
    });

    // A replayed callback changes nothing and does not even ask the gateway again.
    const callsBefore = zarinpal.seen.length;
    const replay = await verify(alice, callback.search);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ status: 'completed', order: { ref_id: result.order.ref_id } });
    expect(zarinpal.seen.length).toBe(callsBefore);
    expect(await activations(alice.user.id)).toHaveLength(1);
    expect((await orderRow(order_id)).status).toBe('completed');

    const history = (await get('license/orders-history/', alice.auth)).json().data;
    expect(history).toMatchObject({ result_count: 1, results: [{ id: order_id, status: 'completed' }] });
    const one = await get(`license/orders-history/${order_id}/`, alice.auth);
    expect(one.json().data).toMatchObject({ id: order_id, status: 'completed', license: { title: 'Pro' } });
  });

  it('a cancelled payment leaves the order failed, in en and fa, and a replay keeps it so', async () => {
    const bob = await registerUser(server);
    const { url, order_id } = await buy(bob, 'Pro', 'zarinpal');
    const query = zarinpal.cancel(authorityOf(url));
    const failed = await verify(bob, query, en);
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({
      code: 'payment_cancelled',
      message: 'The payment was cancelled or did not go through. The order is marked as failed.',
    });
    const fa = await verify(bob, query);
    expect(fa.json().message).toBe('پرداخت لغو شد یا انجام نشد. سفارش ناموفق ثبت شد.');
    // Paying afterwards and replaying with Status=OK does not revive a failed order.
    const revived = await verify(bob, zarinpal.pay(authorityOf(url)), en);
    expect(revived.statusCode).toBe(400);
    expect((await orderRow(order_id)).status).toBe('failed');
    expect(await activations(bob.user.id)).toHaveLength(0);
    expect((await get('license/active-license/', bob.auth)).json().data).toBeNull();
    const history = (await get('license/orders-history/?status=failed', bob.auth)).json().data;
    expect(history.results).toEqual([expect.objectContaining({ id: order_id, failure: 'cancelled' })]);
  });

  it('a tampered authority or amount leaves the order failed', async () => {
    const carol = await registerUser(server);
    // Someone else's cheaper, paid authority pasted into this order's callback.
    const cheap = await buy(carol, 'Pro', 'zarinpal');
    const target = await buy(carol, 'Enterprise', 'zarinpal');
    const paidQuery = zarinpal.pay(authorityOf(cheap.url));
    const swapped = paidQuery.replace(cheap.order_id, target.order_id);
    const refused = await verify(carol, swapped, en);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'payment_mismatch',
      message:
        'The payment does not match this order (amount or payment reference). The order is marked as failed; if you were charged, contact support.',
    });
    expect((await verify(carol, swapped)).json().message).toBe(
      'این پرداخت با سفارش همخوانی ندارد (مبلغ یا شناسهٔ پرداخت). سفارش ناموفق ثبت شد؛ اگر مبلغی از حساب شما کم شده است با پشتیبانی تماس بگیرید.',
    );
    expect(await orderRow(target.order_id)).toMatchObject({ status: 'failed', failure: 'mismatch' });

    // The gateway's session was for another amount than the order (a tampered request): -50.
    const tampered = await buy(carol, 'Pro', 'zarinpal');
    zarinpal.payments.get(authorityOf(tampered.url))!.amount = 1000;
    const amountRefused = await verify(carol, zarinpal.pay(authorityOf(tampered.url)), en);
    expect(amountRefused.json().code).toBe('payment_mismatch');
    expect(await orderRow(tampered.order_id)).toMatchObject({ status: 'failed', failure: 'mismatch' });
    expect(await activations(carol.user.id)).toHaveLength(0);
  });

  it('two verifications racing on one pending order activate the licence once', async () => {
    const hana = await registerUser(server);
    const { url } = await buy(hana, 'Pro', 'zarinpal');
    const query = zarinpal.pay(authorityOf(url));
    const both = await Promise.all([verify(hana, query), verify(hana, query), verify(hana, query)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(both.every((r) => r.json().data.status === 'completed')).toBe(true);
    expect(await activations(hana.user.id)).toHaveLength(1);
  });

  it("hides another user's order (404) and leaves it untouched", async () => {
    const owner = await registerUser(server);
    const thief = await registerUser(server);
    const { url, order_id } = await buy(owner, 'Pro', 'zarinpal');
    const query = zarinpal.pay(authorityOf(url));
    const stolen = await verify(thief, query, en);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Not found.' });
    expect((await get(`license/orders-history/${order_id}/`, thief.auth)).statusCode).toBe(404);
    expect((await orderRow(order_id)).status).toBe('pending');
    expect(await activations(thief.user.id)).toHaveLength(0);
    expect((await verify(owner, query)).json().data.status).toBe('completed');
  });

  it('refuses an unknown licence, a bad provider and a malformed order id', async () => {
    const dave = await registerUser(server);
    const unknown = await post(
      'license/payment/request/',
      { ...dave.auth, ...en },
      { license_id: '00000000-0000-4000-8000-000000000000', provider: 'zarinpal' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This licence does not exist or is no longer for sale.');
    const badProvider = await post(
      'license/payment/request/',
      { ...dave.auth, ...en },
      { license_id: (await licenseId('Pro')).id, provider: 'paypal' },
    );
    expect(badProvider.statusCode).toBe(400);
    expect(Object.keys(badProvider.json().errors)).toEqual(['provider']);
    expect((await verify(dave, '?order_id=nope')).statusCode).toBe(400);
    expect(await server.db.select().from(orders).where(eq(orders.user_id, dave.user.id))).toHaveLength(0);
  });
});

describe('buying through BTCPay Server (Greenfield invoices)', () => {
  it('buys Enterprise: invoice, pending while unconfirmed, settled activates once', async () => {
    const erin = await registerUser(server);
    const { url, order_id } = await buy(erin, 'Enterprise', 'btcpay');
    const invoice = btcpay.invoiceFor(order_id);
    expect(url).toBe(`${btcpay.base}/i/${invoice.id}`);
    expect(btcpay.seen.at(-1)!.body).toMatchObject({
      amount: '60000000',
      currency: 'IRR',
      metadata: { orderId: order_id },
      checkout: { redirectURL: `http://panel.test/vpl?order_id=${order_id}` },
    });
    expect((await orderRow(order_id)).reference).toBe(invoice.id);

    const unpaid = await verify(erin, `?order_id=${order_id}`);
    expect(unpaid.json().data).toMatchObject({
      status: 'pending',
      license: null,
      order: { status: 'pending' },
    });
    const confirming = await verify(erin, btcpay.setStatus(invoice.id, 'Processing'));
    expect(confirming.json().data.status).toBe('pending');
    expect(await activations(erin.user.id)).toHaveLength(0);

    // The checkout page settles and sends the buyer back.
    const page = await fetch(url, { redirect: 'manual' });
    const back = new URL(page.headers.get('location')!);
    const done = await verify(erin, back.search);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'completed',
      order: { status: 'completed', ref_id: invoice.id, provider: 'btcpay' },
      license: { title: 'Enterprise', assets: 10000 },
    });
    const replay = await verify(erin, back.search);
    expect(replay.json().data.status).toBe('completed');
    expect(await activations(erin.user.id)).toHaveLength(1);
    const plan = (await get('license/plan/', erin.auth)).json().data;
    expect(plan).toMatchObject({ plan: 'Enterprise', limits: { assets: 10000, scans: 2000, teams: 50 } });
  });

  it('an expired invoice or a tampered amount leaves the order failed', async () => {
    const finn = await registerUser(server);
    const expired = await buy(finn, 'Pro', 'btcpay');
    const late = await verify(finn, btcpay.setStatus(btcpay.invoiceFor(expired.order_id).id, 'Expired'), en);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      code: 'payment_expired',
      message: 'The payment expired before it was completed. The order is marked as failed.',
    });
    expect((await verify(finn, `?order_id=${expired.order_id}`)).json().message).toBe(
      'مهلت پرداخت پیش از تکمیل آن به پایان رسید. سفارش ناموفق ثبت شد.',
    );

    const cheap = await buy(finn, 'Pro', 'btcpay');
    const invoice = btcpay.invoiceFor(cheap.order_id);
    invoice.amount = '1';
    const refused = await verify(finn, btcpay.setStatus(invoice.id, 'Settled'), en);
    expect(refused.json().code).toBe('payment_mismatch');
    expect(await orderRow(cheap.order_id)).toMatchObject({ status: 'failed', failure: 'mismatch' });

    const invalid = await buy(finn, 'Pro', 'btcpay');
    const bad = await verify(finn, btcpay.setStatus(btcpay.invoiceFor(invalid.order_id).id, 'Invalid'), en);
    expect(bad.json().code).toBe('payment_rejected');
    expect(await activations(finn.user.id)).toHaveLength(0);
  });

  it("answers 'Failed to create payment request' when the provider refuses, and keeps the order failed", async () => {
    const broken = await createTestServer({
      ...btcpay.env,
      BTCPAY_API_KEY: 'wrong-key',
    });
    try {
      const gina = await registerUser(broken);
      const [pro] = await broken.db.select().from(licenses).where(eq(licenses.title, 'Pro'));
      const refused = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/license/payment/request/',
        headers: { ...gina.auth, ...en },
        payload: { license_id: pro!.id, provider: 'btcpay' },
      });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        code: 'payment_request_failed',
        message: 'Failed to create payment request',
      });
      const fa = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/license/payment/request/',
        headers: gina.auth,
        payload: { license_id: pro!.id, provider: 'zarinpal' },
      });
      expect(fa.statusCode).toBe(400);
      expect(fa.json().message).toBe('این روش پرداخت روی این سرور فعال نیست.');
      const rows = await broken.db.select().from(orders).where(eq(orders.user_id, gina.user.id));
      expect(rows).toEqual([expect.objectContaining({ status: 'failed', failure: 'request' })]);
    } finally {
      await broken.close();
    }
  });
});

describe('pnpm license (the operator command)', () => {
  it('lists, updates, creates, hides and shows licences; explains mistakes', async () => {
    const other = await createTestServer();
    try {
      const list = await runLicenseCommand(other.db, ['list']);
      expect(list).toEqual({
        code: 0,
        err: [],
        out: [
          'Pro: 20000000 IRR, 30 days, 1000 assets, 200 scans/month, 5 teams, 10 members/team',
          'Enterprise: 60000000 IRR, 30 days, 10000 assets, 2000 scans/month, 50 teams, 100 members/team',
        ],
      });
      expect(
        await runLicenseCommand(other.db, ['set', 'pro', '--price', '25000000', '--assets', '2000']),
      ).toEqual({
        code: 0,
        err: [],
        out: ['Pro updated.'],
      });
      const incomplete = await runLicenseCommand(other.db, ['set', 'Team', '--price', '1']);
      expect(incomplete.code).toBe(2);
      expect(incomplete.err).toEqual([
        'A new licence needs --scans, --team-members, --teams, --assets, --days.',
      ]);
      const bad = await runLicenseCommand(other.db, ['set', 'Pro', '--days', '0']);
      expect(bad.code).toBe(2);
      expect(bad.err[0]).toMatch(/^--days must be a whole number of at least 1\n/);
      const created = await runLicenseCommand(other.db, [
        'set',
        'Team',
        '--price',
        '40000000',
        '--scans',
        '500',
        '--team-members',
        '25',
        '--teams',
        '10',
        '--assets',
        '5000',
        '--days',
        '90',
        '--position',
        '3',
      ]);
      expect(created.out).toEqual(['Team created.']);
      expect((await runLicenseCommand(other.db, ['hide', 'Enterprise'])).out).toEqual([
        'Enterprise is hidden.',
      ]);
      expect((await runLicenseCommand(other.db, ['hide', 'Gold'])).err).toEqual([
        "No licence titled 'Gold'.",
      ]);
      const catalogue = (await other.app.inject({ method: 'GET', url: '/api/v1/license/' })).json().data
        .results;
      expect(
        catalogue.map((l: { title: string; price: number; assets: number }) => [l.title, l.price, l.assets]),
      ).toEqual([
        ['Pro', 25000000, 2000],
        ['Team', 40000000, 5000],
      ]);
      // A hidden licence cannot be bought.
      const [enterprise] = await other.db.select().from(licenses).where(eq(licenses.title, 'Enterprise'));
      const buyer = await registerUser(other);
      const refused = await other.app.inject({
        method: 'POST',
        url: '/api/v1/license/payment/request/',
        headers: { ...buyer.auth, ...en },
        payload: { license_id: enterprise!.id, provider: 'zarinpal' },
      });
      expect(refused.statusCode).toBe(404);
      expect((await runLicenseCommand(other.db, ['show', 'enterprise'])).out).toEqual([
        'Enterprise is on sale.',
      ]);
      expect((await runLicenseCommand(other.db, ['frobnicate'])).code).toBe(2);
    } finally {
      await other.close();
    }
  });
});
