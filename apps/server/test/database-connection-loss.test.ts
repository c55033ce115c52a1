import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createPgDatabase, TEST_PG_URL, testDbKind } from './helpers/test-server.js';

describe.runIf(testDbKind() === 'postgres')('losing a PostgreSQL connection', () => {
  it('does not crash the process when PostgreSQL ends an idle connection, and the next query works', async () => {
    const target = await createPgDatabase();
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: target.url,
      dataDir: '/nonexistent',
      onIdleError: (e) => lost.push(e),
    });
    try {
      await database.db.execute(sql`select 1`);
      // What a restart or an administrator does to every idle connection.
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      const dbName = new URL(target.url).pathname.slice(1);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      expect(lost.length).toBeGreaterThan(0);
      const again = await database.db.execute(sql`select 1 as one`);
      expect((again as unknown as { rows: Array<{ one: number }> }).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
