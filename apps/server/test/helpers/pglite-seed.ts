import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../src/db/database.js';

/**
 * One migrated PGlite cluster, dumped once and loaded by every in-memory test database.
 * A new PGlite runs initdb (2–4 s) and then the migrations (~1 s); loading the dump takes ~0.7 s,
 * and the server suite opens about a hundred such databases. The dump is kept in the system's
 * temporary folder under a key of the migrations and the PGlite build, so every test file and
 * every worker of a run shares it and a changed migration makes a new one.
 */
let seed: Promise<Blob> | undefined;

export function migratedPgliteSeed(): Promise<Blob> {
  seed ??= loadOrMake();
  return seed;
}

/** A short hash of every file of the migrations folder: a new or changed migration changes it. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

function seedKey(): string {
  // The resolved path names the PGlite version (pnpm's store folder holds it).
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return createHash('sha256').update(pglite).update(migrationsKey()).digest('hex').slice(0, 16);
}

async function loadOrMake(): Promise<Blob> {
  const file = join(tmpdir(), `didban-pglite-seed-${seedKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Two test workers may make it at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
