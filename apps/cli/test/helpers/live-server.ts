import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { loadConfig } from '../../../server/src/config/env.js';
import { startServer } from '../../../server/src/server.js';
import { migratedPgliteSeed } from '../../../server/test/helpers/pglite-seed.js';

/**
 * A real Didban server on a free loopback port with an embedded database in a temp folder, as
 * `pnpm start` would run it. The client under test only sees its URL.
 */
export async function startLiveServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-cli-server-'));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      DIDBAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DIDBAN_AUTH_RATE_LIMIT: '10000',
      ...env,
    }),
    { pgliteSeed: await migratedPgliteSeed() },
  );
  const url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  return {
    url,
    /** Makes an account the way the panel's sign-up page does. */
    async register(username: string, password = 'secret-pass') {
      const api = createApiClient({ baseUrl: url, getLanguage: () => 'en' });
      return api.auth.register({
        username,
        email: `${username}@example.com`,
        password,
        confirm_password: password,
      });
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
