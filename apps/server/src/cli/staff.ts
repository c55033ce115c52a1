// Operator command: grant or revoke the staff flag (staff read feedback and answer support
// tickets). Uses the same configuration as the server; with the embedded database, stop the
// server first (PGlite allows one process per data folder).
//   pnpm staff <username>            grant
//   pnpm staff <username> --revoke   revoke
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { users } from '../db/schema.js';

const args = process.argv.slice(2);
const username = args.find((a) => !a.startsWith('--'));
const revoke = args.includes('--revoke');
if (!username || args.some((a) => a.startsWith('--') && a !== '--revoke')) {
  console.error('usage: pnpm staff <username> [--revoke]');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const rows = await database.db
      .update(users)
      .set({ is_staff: !revoke, updated_at: new Date() })
      .where(sql`lower(${users.username}) = lower(${username})`)
      .returning({ username: users.username });
    if (rows.length === 0) {
      console.error(`No user named '${username}'.`);
      process.exitCode = 1;
    } else {
      console.log(`${rows[0]!.username} is ${revoke ? 'no longer' : 'now'} staff.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Could not update the user: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
