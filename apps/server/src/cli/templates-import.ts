// Operator command: read a local nuclei-templates checkout (or any folder in its layout), report
// what Didban's engine loads and what it skips per feature with the reason, and optionally store
// the loaded templates as a workspace's own. Uses the server's configuration for the database;
// with the embedded database, stop the server first (PGlite allows one process per data folder).
//   pnpm templates:import <folder>                       report only
//   pnpm templates:import <folder> --json                report as JSON
//   pnpm templates:import <folder> --workspace <id>      report, then import into the workspace
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import {
  formatImportReport,
  importIntoWorkspace,
  readTemplateFolder,
} from '../templates/import-templates.js';

const USAGE = 'usage: pnpm templates:import <folder> [--workspace <id>] [--json]';
const args = process.argv.slice(2);
let folder: string | undefined;
let workspaceId: string | undefined;
let json = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--workspace') workspaceId = args[++i];
  else if (arg === '--json') json = true;
  else if (!arg.startsWith('--') && !folder) folder = arg;
  else {
    console.error(USAGE);
    process.exit(2);
  }
}
if (!folder || (args.includes('--workspace') && !workspaceId)) {
  console.error(USAGE);
  process.exit(2);
}
// pnpm runs the script in apps/server; a relative folder means the caller's own directory.
const root = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
if (!existsSync(root) || !statSync(root).isDirectory()) {
  console.error(`Not a folder: ${root}`);
  process.exit(2);
}

const imported = readTemplateFolder(root);
if (!workspaceId) {
  process.stdout.write(
    json ? `${JSON.stringify(imported.report, null, 2)}\n` : formatImportReport(imported.report),
  );
} else {
  try {
    const config = loadConfig(process.env);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const stored = await importIntoWorkspace(database.db, workspaceId, imported);
      if (json) process.stdout.write(`${JSON.stringify({ ...imported.report, ...stored }, null, 2)}\n`);
      else {
        process.stdout.write(formatImportReport(imported.report));
        process.stdout.write(
          `Imported ${stored.imported} into workspace ${workspaceId}; ${stored.existing} were already there.\n`,
        );
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Could not import the templates: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  }
}
