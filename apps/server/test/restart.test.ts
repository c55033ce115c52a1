import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startServer } from '../src/server.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, testDbKind } from './helpers/test-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'didban-restart-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
afterAll(async () => {
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function boot() {
  pgDb ??= testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const server = await startServer(config, { pgliteSeed: await migratedPgliteSeed() });
  const port = (server.app.server.address() as { port: number }).port;
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

describe('a real server over HTTP, through the core client', () => {
  it('keeps accounts and sessions across a restart', async () => {
    const first = await boot();
    let token = '';
    const api = createApiClient({ baseUrl: first.baseUrl, getToken: () => token, getLanguage: () => 'en' });
    const session = await api.auth.register({
      username: 'restart_user',
      email: 'restart@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    });
    token = session.access;
    await api.profile.update({ email: 'changed@example.com' });
    await first.server.stop();

    // The secret is kept in the data folder, private to its owner, so old tokens stay valid.
    expect(statSync(join(dataDir, 'secret')).mode & 0o077).toBe(0);

    const second = await boot();
    try {
      const again = createApiClient({
        baseUrl: second.baseUrl,
        getToken: () => token,
        getLanguage: () => 'en',
      });
      expect((await again.auth.verifyToken(token)).user.username).toBe('restart_user');
      expect((await again.profile.get()).email).toBe('changed@example.com');
      const login = await again.auth.login({
        username: 'restart_user',
        email: 'changed@example.com',
        password: 'secret-pass',
      });
      expect(login.user.id).toBe(session.user.id);
    } finally {
      await second.server.stop();
    }
  });

  it("rejects with the server's message and calls the 401 hook", async () => {
    const { server, baseUrl } = await boot();
    try {
      let unauthorized = 0;
      const api = createApiClient({
        baseUrl,
        getToken: () => 'expired.or.forged',
        getLanguage: () => 'fa',
        onUnauthorized: () => {
          unauthorized += 1;
        },
      });
      await expect(api.profile.get()).rejects.toMatchObject({
        status: 401,
        code: 'token_invalid',
        message: 'نشست شما نامعتبر است یا منقضی شده است. دوباره وارد شوید.',
      });
      expect(unauthorized).toBe(1);
      const loginError = await api.auth
        .login({ username: 'nobody', email: 'n@example.com', password: 'secret-pass' })
        .catch((e) => e);
      expect(loginError.message).toBe('اطلاعات ورود نادرست است. دوباره تلاش کنید.');
    } finally {
      await server.stop();
    }
  });

  it('reports a network error when the server is down', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', getLanguage: () => 'en', timeoutMs: 2000 });
    const error = await api.profile.get().catch((e) => e);
    expect(error.status).toBeNull();
    expect(error.message).not.toBe('');
  });
});
