// Operator command: the licence catalogue (spec §3: title, price, scans, team members, teams,
// assets, duration). Uses the same configuration as the server; with the embedded database,
// stop the server first (PGlite allows one process per data folder).
//   pnpm license list
//   pnpm license set Pro --price 25000000 --assets 2000
//   pnpm license set Team --price 40000000 --scans 500 --team-members 25 --teams 10 --assets 5000 --days 30
//   pnpm license hide Team
import { runLicenseCommand } from '../billing/license-command.js';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';

try {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await runLicenseCommand(database.db, process.argv.slice(2));
    for (const line of result.out) console.log(line);
    for (const line of result.err) console.error(line);
    process.exitCode = result.code;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Could not change the licences: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
