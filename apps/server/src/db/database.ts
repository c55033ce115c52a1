import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any fixed number: two servers starting at once on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_KEY = 7_412_019;

/**
 * Open the database and bring its schema up to date.
 * - `databaseUrl` set: a real PostgreSQL (15+), pooled; many server processes may share it.
 * - otherwise: embedded PGlite in `<dataDir>/pglite` (one process per folder), or in memory
 *   when `dataDir` is ':memory:' (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /**
   * PGlite: a new cluster (in memory, or a data folder that has none yet) starts from this dumped
   * data folder (`dumpDataDir`) instead of initdb. Creating a cluster costs PGlite 2–4 s; test
   * suites that open a hundred databases load one migrated copy instead.
   */
  pgliteSeed?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle connection that PostgreSQL ends (a restart, a failover, an administrator) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool drops the client
    // and opens a new one on the next query, so noting it is all there is to do.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let client: PGlite;
  if (options.dataDir === ':memory:') {
    client = options.pgliteSeed ? new PGlite({ loadDataDir: options.pgliteSeed }) : new PGlite();
  } else {
    const folder = join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    const fresh = !existsSync(join(folder, 'PG_VERSION'));
    client =
      fresh && options.pgliteSeed
        ? new PGlite(folder, { loadDataDir: options.pgliteSeed })
        : new PGlite(folder);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Cheap round trip for /readyz. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
