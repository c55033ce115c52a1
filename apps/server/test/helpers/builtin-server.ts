import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/env.js';
import { startServer } from '../../src/server.js';
import { createPgDatabase, testDbKind } from './test-server.js';

/**
 * A whole server (startServer, so its built-in worker runs as in production) on PGlite or on a
 * fresh database of the test PostgreSQL, with `env` on top, and one user registered through the
 * API: its bearer header. `stop` removes the server, its database and its data directory.
 */
export async function startServerWithUser(env: Record<string, string>, username: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-server-'));
  const pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const server = await startServer(
    loadConfig({
      DIDBAN_DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    }),
  );
  const register = await fetch(`${server.address}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    }),
  });
  const { access } = ((await register.json()) as { data: { access: string } }).data;
  return {
    server,
    auth: { authorization: `Bearer ${access}` },
    async stop() {
      await server.stop();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
