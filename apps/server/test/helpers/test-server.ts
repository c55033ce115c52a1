import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase } from '../../src/db/database.js';
import { users } from '../../src/db/schema.js';
import { migratedPgliteSeed, migrationsKey } from './pglite-seed.js';

/** postgres://… of the server the PostgreSQL run uses; each test file gets its own database in it. */
export const TEST_PG_URL = process.env.DIDBAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.DIDBAN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh PostgreSQL database with the schema in place; returns its URL and a function that drops
 * it. It is copied from a template database migrated once per set of migrations (CREATE DATABASE
 * … TEMPLATE), which spares each test file the migrations; the template itself is made by running
 * them on this server, so every run still migrates a PostgreSQL from nothing once.
 */
export async function createPgDatabase() {
  const name = `didban_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const template = await migratedPgTemplate();
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    // A template being copied by another file of the run is locked for the moment of the copy.
    await admin.query(`SELECT pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const TEMPLATE_LOCK_KEY = 7_412_020;
let template: Promise<string> | undefined;

function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrated template's name; made (under a lock, once for all workers) when missing. */
function migratedPgTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `didban_tpl_${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        // Made under another name and renamed, so a half-migrated template is never copied.
        const partial = `${name}_partial`;
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${partial}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(partial), dataDir: ':memory:' });
        await database.close();
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return template;
}
/**
 * A real app on a real database (in-memory PGlite or a fresh PostgreSQL database, by
 * DIDBAN_TEST_DB), driven in-process with `inject()`.
 */
export async function createTestServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-test-'));
  const pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIDBAN_AUTH_RATE_LIMIT: '10000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: pgDb ? dataDir : ':memory:',
    pgliteSeed: pgDb ? undefined : await migratedPgliteSeed(),
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();

  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

let counter = 0;

/** Register a new user through the API and return its session. */
export async function registerUser(server: TestServer, name?: string) {
  counter += 1;
  const username = name ?? `user${counter}_${randomUUID().slice(0, 6)}`;
  const body = {
    username,
    email: `${username}@example.com`,
    password: 'secret-pass',
    confirm_password: 'secret-pass',
  };
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/auth/register/', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { data } = response.json() as {
    data: { access: string; user: { id: string; username: string; email: string; email_verified: boolean } };
  };
  return { ...data, password: body.password, auth: { authorization: `Bearer ${data.access}` } };
}

/** As if the user had opened the emailed link (tests that need a verified address). */
export async function markEmailVerified(server: Pick<TestServer, 'db'>, userId: string): Promise<void> {
  await server.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId));
}
