import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { startServer } from '../../src/server.js';
import { migratedPgliteSeed } from './pglite-seed.js';
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
    { pgliteSeed: await migratedPgliteSeed() },
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

/** Who asks: a started server's address and a user's bearer header. */
interface Caller {
  server: { address: string };
  auth: { authorization: string };
}

/** What these tests read of a template run. */
export interface TemplateRunView {
  status: string;
  error: string | null;
  findings: { matched_at: string }[];
}

/** `POST panel/templates/scan-now/` (answered 201): the new run's id. */
export async function scanNow(caller: Caller, yaml: string, targets: string[]): Promise<string> {
  const started = await fetch(`${caller.server.address}/api/v1/panel/templates/scan-now/`, {
    method: 'POST',
    headers: { ...caller.auth, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ yaml, targets }),
  });
  expect(started.status).toBe(201);
  return ((await started.json()) as { data: { run_id: string } }).data.run_id;
}

/** `GET panel/templates/runs/{id}/`: the run as it stands. */
export async function templateRun(caller: Caller, id: string): Promise<TemplateRunView> {
  const answer = await fetch(`${caller.server.address}/api/v1/panel/templates/runs/${id}/`, {
    headers: caller.auth,
  });
  return ((await answer.json()) as { data: TemplateRunView }).data;
}
