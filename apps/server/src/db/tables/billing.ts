import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

/**
 * The licence catalogue (spec §3: Pro, Enterprise). Operators edit it with `pnpm license`; the
 * migration seeds the defaults. Limits are per month for scans, otherwise totals; a licence
 * lasts `duration_days` from its activation.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** In the smallest unit the gateways take: rials for Zarinpal; BTCPay prices it in `currency`. */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('IRR'),
    scans: integer('scans').notNull(),
    team_members: integer('team_members').notNull(),
    teams: integer('teams').notNull(),
    assets: integer('assets').notNull(),
    duration_days: integer('duration_days').notNull(),
    /** Hidden from the catalogue (and not purchasable) when false; activations stay valid. */
    available: boolean('available').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('licenses_title_lower_idx').on(sql`lower(${t.title})`)],
);

/**
 * A purchase. `reference` is the provider's handle (Zarinpal authority, BTCPay invoice id),
 * unique per provider, so a callback names exactly one order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    license_id: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['zarinpal', 'btcpay'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    reference: text('reference'),
    /** The provider's receipt (Zarinpal ref_id; BTCPay invoice id). */
    ref_id: text('ref_id'),
    /** Why it failed: cancelled, rejected, mismatch, expired. */
    failure: text('failure'),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_provider_reference_idx').on(t.provider, t.reference),
    index('orders_user_created_idx').on(t.user_id, t.created_at),
  ],
);

/**
 * A licence activated for a user by a completed order. One row per order at most (the unique
 * index makes a replayed or concurrent verification activate nothing twice).
 */
export const userLicenses = pgTable(
  'user_licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    license_id: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'restrict' }),
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    valid_until: timestamp('valid_until', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_licenses_order_idx').on(t.order_id),
    index('user_licenses_user_valid_idx').on(t.user_id, t.valid_until),
  ],
);
