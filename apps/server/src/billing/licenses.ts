import type { ActiveLicense, License } from '@didban/core';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { licenses, userLicenses } from '../db/schema.js';

type LicenseRow = typeof licenses.$inferSelect;
const DAY_MS = 86_400_000;

/** A catalogue entry as the API shows it; `valid_until` is when it would end if bought `now`. */
export function presentLicense(row: LicenseRow, now = new Date()): License {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    currency: row.currency,
    scans: row.scans,
    team_members: row.team_members,
    teams: row.teams,
    assets: row.assets,
    duration_days: row.duration_days,
    valid_until: new Date(now.getTime() + row.duration_days * DAY_MS).toISOString(),
  };
}

/** The licences on sale, in the operator's order. */
export async function listLicenses(db: Db): Promise<LicenseRow[]> {
  return db
    .select()
    .from(licenses)
    .where(eq(licenses.available, true))
    .orderBy(asc(licenses.position), asc(licenses.price));
}

/**
 * The user's active licence: the most recently activated one that has started and not ended.
 * @example const active = await findActiveLicense(db, userId); // null → free plan
 */
export async function findActiveLicense(
  db: Pick<Db, 'select'>,
  userId: string,
  now = new Date(),
): Promise<ActiveLicense | null> {
  const [row] = await db
    .select({ license: licenses, activation: userLicenses })
    .from(userLicenses)
    .innerJoin(licenses, eq(licenses.id, userLicenses.license_id))
    .where(
      and(
        eq(userLicenses.user_id, userId),
        lte(userLicenses.starts_at, now),
        gt(userLicenses.valid_until, now),
      ),
    )
    .orderBy(desc(userLicenses.starts_at), desc(userLicenses.created_at))
    .limit(1);
  if (!row) return null;
  return {
    ...presentLicense(row.license),
    starts_at: row.activation.starts_at.toISOString(),
    valid_until: row.activation.valid_until.toISOString(),
    order_id: row.activation.order_id,
  };
}

/** When an activation made now ends. */
export function activationEnd(license: Pick<LicenseRow, 'duration_days'>, now = new Date()): Date {
  return new Date(now.getTime() + license.duration_days * DAY_MS);
}
