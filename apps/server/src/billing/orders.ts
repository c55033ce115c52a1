import type { MessageKey, Order, PaymentProvider, PaymentVerifyResult } from '@didban/core';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { licenses, orders, userLicenses } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { activationEnd, findActiveLicense } from './licenses.js';
import { createBtcpayGateway } from './providers/btcpay.js';
import { GatewayUnavailableError, type PaymentFailure, type PaymentGateway } from './providers/gateway.js';
import { createZarinpalGateway } from './providers/zarinpal.js';

type OrderRow = typeof orders.$inferSelect;

/** The configured providers; one left unconfigured is simply not offered. */
export function createGateways(config: Config): Partial<Record<PaymentProvider, PaymentGateway>> {
  return {
    ...(config.zarinpal ? { zarinpal: createZarinpalGateway(config.zarinpal) } : {}),
    ...(config.btcpay ? { btcpay: createBtcpayGateway(config.btcpay) } : {}),
  };
}

export function presentOrder(row: OrderRow, license: { id: string; title: string }): Order {
  return {
    id: row.id,
    license,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    ref_id: row.ref_id,
    failure: row.failure,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

const FAILURE_MESSAGES: Record<PaymentFailure, MessageKey> = {
  cancelled: 'billing.payment_cancelled',
  rejected: 'billing.payment_rejected',
  mismatch: 'billing.payment_mismatch',
  expired: 'billing.payment_expired',
};

function failureError(reason: string | null): HttpError {
  const key = FAILURE_MESSAGES[reason as PaymentFailure] ?? 'billing.payment_rejected';
  return new HttpError(400, `payment_${reason ?? 'rejected'}`, key);
}

const requestFailed = () => new HttpError(502, 'payment_request_failed', 'billing.payment_request_failed');

/**
 * Open a payment: a pending order at the licence's current price, then the provider's page.
 * When the provider refuses, the order is kept as failed and the caller gets spec §8's
 * 'Failed to create payment request'.
 */
export async function requestPayment(
  db: Db,
  gateways: Partial<Record<PaymentProvider, PaymentGateway>>,
  input: { userId: string; licenseId: string; provider: PaymentProvider; publicUrl: string },
): Promise<{ url: string; order_id: string }> {
  const [license] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, input.licenseId), eq(licenses.available, true)));
  if (!license) throw new HttpError(404, 'license_not_found', 'billing.license_not_found');
  const gateway = gateways[input.provider];
  if (!gateway) throw new HttpError(400, 'provider_not_configured', 'billing.provider_not_configured');
  const [order] = await db
    .insert(orders)
    .values({
      user_id: input.userId,
      license_id: license.id,
      provider: input.provider,
      amount: license.price,
      currency: license.currency,
    })
    .returning();
  try {
    const opened = await gateway.open({
      orderId: order!.id,
      amount: order!.amount,
      currency: order!.currency,
      description: `Didban ${license.title} licence, order ${order!.id}`,
      callbackUrl: `${input.publicUrl}/vpl?order_id=${order!.id}`,
    });
    await db
      .update(orders)
      .set({ reference: opened.reference, updated_at: sql`now()` })
      .where(eq(orders.id, order!.id));
    return { url: opened.url, order_id: order!.id };
  } catch (error) {
    await db
      .update(orders)
      .set({ status: 'failed', failure: 'request', updated_at: sql`now()` })
      .where(eq(orders.id, order!.id));
    if (error instanceof GatewayUnavailableError) throw requestFailed();
    throw error;
  }
}

async function loadOrder(db: Db, userId: string, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      license: { id: licenses.id, title: licenses.title, duration_days: licenses.duration_days },
    })
    .from(orders)
    .innerJoin(licenses, eq(licenses.id, orders.license_id))
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Settle a pending order as paid and activate its licence, once: the status flips only from
 * pending (a concurrent or replayed verification finds nothing to flip), and the activation is
 * unique per order. A licence already active is extended rather than restarted.
 */
async function complete(db: Db, order: OrderRow, durationDays: number, refId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [flipped] = await tx
      .update(orders)
      .set({ status: 'completed', ref_id: refId, completed_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    if (!flipped) return;
    const now = new Date();
    const current = await findActiveLicense(tx, order.user_id, now);
    const from = current && current.id === order.license_id ? new Date(current.valid_until) : now;
    await tx
      .insert(userLicenses)
      .values({
        user_id: order.user_id,
        license_id: order.license_id,
        order_id: order.id,
        starts_at: now,
        valid_until: activationEnd({ duration_days: durationDays }, from),
      })
      .onConflictDoNothing();
  });
}

/**
 * The buyer is back (/vpl): ask the provider, then complete or fail the order. A completed
 * order answers as completed without asking again; a failed one answers its failure again.
 */
export async function verifyPayment(
  db: Db,
  gateways: Partial<Record<PaymentProvider, PaymentGateway>>,
  input: { userId: string; orderId: string; query: Record<string, unknown> },
): Promise<PaymentVerifyResult> {
  let row = await loadOrder(db, input.userId, input.orderId);
  const result = async (): Promise<PaymentVerifyResult> => {
    row = await loadOrder(db, input.userId, input.orderId);
    if (row.order.status === 'failed') throw failureError(row.order.failure);
    return {
      status: row.order.status === 'completed' ? 'completed' : 'pending',
      order: presentOrder(row.order, row.license),
      license: row.order.status === 'completed' ? await findActiveLicense(db, input.userId) : null,
    };
  };
  if (row.order.status !== 'pending') return result();
  const gateway = gateways[row.order.provider];
  if (!gateway) throw new HttpError(400, 'provider_not_configured', 'billing.provider_not_configured');
  if (!row.order.reference) {
    await markFailed(db, row.order.id, 'rejected');
    return result();
  }
  let check: Awaited<ReturnType<PaymentGateway['check']>>;
  try {
    check = await gateway.check(
      {
        orderId: row.order.id,
        amount: row.order.amount,
        currency: row.order.currency,
        reference: row.order.reference,
      },
      input.query,
    );
  } catch (error) {
    if (error instanceof GatewayUnavailableError)
      throw new HttpError(502, 'payment_unreachable', 'billing.payment_unreachable');
    throw error;
  }
  if (check.outcome === 'paid') await complete(db, row.order, row.license.duration_days, check.refId);
  if (check.outcome === 'failed') await markFailed(db, row.order.id, check.reason);
  return result();
}

async function markFailed(db: Db, orderId: string, reason: PaymentFailure): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'failed', failure: reason, updated_at: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Orders settled per listing at most: the rest wait for the next one (each asks a provider). */
const SETTLE_BATCH = 10;

/**
 * Orders whose buyer never came back to /vpl stay pending until someone asks the provider. When
 * the owner lists or opens orders, their pending orders older than `minutes` are settled from
 * the provider alone: paid (the licence activates, as a verification would) or failed as
 * expired. A provider that cannot be reached, or is no longer configured, leaves them pending
 * for the next look; an order that never got a provider handle can only have expired.
 */
export async function settleAbandonedOrders(
  db: Db,
  gateways: Partial<Record<PaymentProvider, PaymentGateway>>,
  userId: string,
  minutes: number,
): Promise<void> {
  const stale = await db
    .select({ order: orders, durationDays: licenses.duration_days })
    .from(orders)
    .innerJoin(licenses, eq(licenses.id, orders.license_id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.status, 'pending'),
        lt(orders.created_at, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    )
    .orderBy(orders.created_at)
    .limit(SETTLE_BATCH);
  // A provider that could not be reached is not asked again in this listing: a silent one would
  // otherwise hold the listing for its timeout once per stale order.
  const unreachable = new Set<PaymentProvider>();
  for (const { order, durationDays } of stale) {
    if (!order.reference) {
      await markFailed(db, order.id, 'expired');
      continue;
    }
    const gateway = gateways[order.provider];
    if (!gateway || unreachable.has(order.provider)) continue;
    let check: Awaited<ReturnType<PaymentGateway['settleAbandoned']>>;
    try {
      check = await gateway.settleAbandoned({
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        reference: order.reference,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      unreachable.add(order.provider);
      continue;
    }
    if (check.outcome === 'paid') await complete(db, order, durationDays, check.refId);
    if (check.outcome === 'failed') await markFailed(db, order.id, check.reason);
  }
}

export { loadOrder };
