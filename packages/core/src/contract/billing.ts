import { z } from 'zod';
import { pagedList } from './envelope.js';

/** The payment providers behind one interface: a Zarinpal-v4 national gateway, BTCPay Server (Bitcoin). */
export const PAYMENT_PROVIDERS = ['zarinpal', 'btcpay'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const ORDER_STATUSES = ['pending', 'completed', 'failed'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** What a plan limits. `scans` counts per calendar month (UTC); the others are totals. */
export const LIMIT_KINDS = ['assets', 'scans', 'teams', 'team_members'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type PlanLimits = Record<LimitKind, number>;

/** The free plan when the server sets nothing else (DIDBAN_FREE_* variables). */
export const DEFAULT_FREE_PLAN_LIMITS: PlanLimits = { assets: 100, scans: 20, teams: 1, team_members: 3 };

/** Where the panel sends people to upgrade; limit errors name it. */
export const UPGRADE_PATH = '/settings/billing';

/**
 * A licence of the catalogue (spec §3). `price` is in `currency`'s smallest unit used by the
 * gateway (rials for IRR). `valid_until` is when it would end if bought now.
 */
export const licenseSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().int(),
  currency: z.string(),
  scans: z.number().int(),
  team_members: z.number().int(),
  teams: z.number().int(),
  assets: z.number().int(),
  duration_days: z.number().int(),
  valid_until: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

/** `GET license/`: the licences on sale. */
export const licenseListSchema = z.object({ results: z.array(licenseSchema) });
export type LicenseList = z.infer<typeof licenseListSchema>;

/** `GET license/active-license/`: the caller's active licence, or null (the free plan). */
export const activeLicenseSchema = licenseSchema.extend({
  starts_at: z.string(),
  order_id: z.string().nullable(),
});
export type ActiveLicense = z.infer<typeof activeLicenseSchema>;

/** `GET license/plan/`: the plan binding the current workspace (its owner's), limits and use. */
export const planSchema = z.object({
  plan: z.string(),
  license: activeLicenseSchema.nullable(),
  limits: z.record(z.enum(LIMIT_KINDS), z.number().int()),
  usage: z.record(z.enum(LIMIT_KINDS), z.number().int()),
  upgrade_url: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** `POST license/payment/request/`. */
export const paymentRequestSchema = z.strictObject({
  license_id: z.uuid({ error: 'billing.license_required' }),
  provider: paymentProviderSchema,
});
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

/** The provider's payment page to send the buyer to, and the pending order. */
export const paymentRedirectSchema = z.object({ url: z.string(), order_id: z.string() });
export type PaymentRedirect = z.infer<typeof paymentRedirectSchema>;

/**
 * `GET license/payment/verify/?{query}`: the /vpl page forwards its whole query. The server put
 * `order_id` in the callback address; Zarinpal adds `Authority` and `Status`. Other keys are ignored.
 */
export const paymentVerifyQuery = z.looseObject({
  order_id: z.uuid(),
  Authority: z.string().max(200).optional(),
  Status: z.string().max(20).optional(),
});
export type PaymentVerifyQuery = z.infer<typeof paymentVerifyQuery>;

export const orderSchema = z.object({
  id: z.string(),
  license: z.object({ id: z.string(), title: z.string() }),
  provider: paymentProviderSchema,
  amount: z.number().int(),
  currency: z.string(),
  status: orderStatusSchema,
  /** The provider's receipt number once paid. */
  ref_id: z.string().nullable(),
  /** Why a failed order failed: cancelled, rejected, mismatch, expired. */
  failure: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The outcome of a verification: completed (licence active) or still pending (BTCPay confirming). */
export const paymentVerifyResultSchema = z.object({
  status: z.enum(['completed', 'pending']),
  order: orderSchema,
  license: activeLicenseSchema.nullable(),
});
export type PaymentVerifyResult = z.infer<typeof paymentVerifyResultSchema>;

export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: orderStatusSchema.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** `GET license/orders-history/`: my orders, newest first. */
export const orderListSchema = pagedList(orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;
