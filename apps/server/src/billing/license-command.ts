import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { licenses } from '../db/schema.js';

export const LICENSE_USAGE = `usage:
  pnpm license list
  pnpm license set <title> [--price N] [--currency IRR] [--scans N] [--team-members N] [--teams N]
                           [--assets N] [--days N] [--position N]   (a new title needs all but currency/position)
  pnpm license hide <title>     take off sale (active licences stay valid)
  pnpm license show <title>     put back on sale`;

const NUMBER_FLAGS = {
  '--price': 'price',
  '--scans': 'scans',
  '--team-members': 'team_members',
  '--teams': 'teams',
  '--assets': 'assets',
  '--days': 'duration_days',
  '--position': 'position',
} as const;
type NumberField = (typeof NUMBER_FLAGS)[keyof typeof NUMBER_FLAGS];
const REQUIRED_FOR_NEW: NumberField[] = [
  'price',
  'scans',
  'team_members',
  'teams',
  'assets',
  'duration_days',
];

export type CommandResult = { code: 0 | 1 | 2; out: string[]; err: string[] };

function parseSet(
  args: string[],
): { fields: Partial<Record<NumberField, number>>; currency?: string } | string {
  const fields: Partial<Record<NumberField, number>> = {};
  let currency: string | undefined;
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (value === undefined) return `${flag} needs a value`;
    if (flag === '--currency') {
      if (!/^[A-Za-z]{3,5}$/.test(value)) return `--currency must be a currency code such as IRR or USD`;
      currency = value.toUpperCase();
      continue;
    }
    const field = NUMBER_FLAGS[flag as keyof typeof NUMBER_FLAGS];
    if (!field) return `unknown option ${flag}`;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 0 || (field === 'duration_days' && n < 1))
      return `${flag} must be a whole number${field === 'duration_days' ? ' of at least 1' : ' (0 or more)'}`;
    fields[field] = n;
  }
  return { fields, currency };
}

/**
 * The operator's licence catalogue command (`pnpm license …`), on an open database. Titles are
 * matched case-insensitively; `set` creates or updates.
 * @example await runLicenseCommand(db, ['set', 'Pro', '--price', '25000000']) // { code: 0, out: ['Pro updated.'], err: [] }
 */
export async function runLicenseCommand(db: Db, argv: string[]): Promise<CommandResult> {
  const [verb, title, ...rest] = argv;
  const fail = (code: 1 | 2, message: string): CommandResult => ({ code, out: [], err: [message] });
  const byTitle = sql`lower(${licenses.title}) = lower(${title ?? ''})`;

  if (verb === 'list' && !title) {
    const rows = await db.select().from(licenses).orderBy(licenses.position, licenses.price);
    return {
      code: 0,
      err: [],
      out: rows.map(
        (r) =>
          `${r.title}${r.available ? '' : ' (hidden)'}: ${r.price} ${r.currency}, ${r.duration_days} days, ` +
          `${r.assets} assets, ${r.scans} scans/month, ${r.teams} teams, ${r.team_members} members/team`,
      ),
    };
  }
  if ((verb === 'hide' || verb === 'show') && title && rest.length === 0) {
    const rows = await db
      .update(licenses)
      .set({ available: verb === 'show', updated_at: new Date() })
      .where(byTitle)
      .returning({ title: licenses.title });
    if (rows.length === 0) return fail(1, `No licence titled '${title}'.`);
    return { code: 0, err: [], out: [`${rows[0]!.title} is ${verb === 'show' ? 'on sale' : 'hidden'}.`] };
  }
  if (verb === 'set' && title?.trim()) {
    const parsed = parseSet(rest);
    if (typeof parsed === 'string') return fail(2, `${parsed}\n${LICENSE_USAGE}`);
    const { fields, currency } = parsed;
    const changes = { ...fields, ...(currency ? { currency } : {}) };
    const updated = await db
      .update(licenses)
      .set({ ...changes, updated_at: new Date() })
      .where(byTitle)
      .returning({ title: licenses.title });
    if (updated.length > 0) return { code: 0, err: [], out: [`${updated[0]!.title} updated.`] };
    const missing = REQUIRED_FOR_NEW.filter((f) => fields[f] === undefined);
    if (missing.length > 0) {
      const flags = missing.map((f) => Object.entries(NUMBER_FLAGS).find(([, v]) => v === f)![0]);
      return fail(2, `A new licence needs ${flags.join(', ')}.`);
    }
    await db.insert(licenses).values({
      title: title.trim(),
      price: fields.price!,
      scans: fields.scans!,
      team_members: fields.team_members!,
      teams: fields.teams!,
      assets: fields.assets!,
      duration_days: fields.duration_days!,
      position: fields.position ?? 0,
      ...(currency ? { currency } : {}),
    });
    return { code: 0, err: [], out: [`${title.trim()} created.`] };
  }
  return fail(2, LICENSE_USAGE);
}
