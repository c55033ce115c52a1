import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startServer } from '../src/server.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, testDbKind } from './helpers/test-server.js';

const run = promisify(execFile);
const serverDir = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'didban-staff-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
afterAll(async () => {
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pnpm staff <username>', () => {
  it('grants and revokes the staff flag on the real database, and explains mistakes', async () => {
    pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
    const env = {
      DIDBAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    };
    const server = await startServer(loadConfig({ ...env, PORT: '0' }), {
      pgliteSeed: await migratedPgliteSeed(),
    });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const reg = await fetch(`${base}/api/v1/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'operator',
        email: 'op@example.com',
        password: 'flag-keeper-2026',
        confirm_password: 'flag-keeper-2026',
      }),
    });
    const token = ((await reg.json()) as { data: { access: string } }).data.access;
    await server.stop();

    const cli = (args: string[]) =>
      run(process.execPath, ['--conditions=didban-source', '--import', 'tsx', 'src/cli/staff.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, ...env },
      });
    expect((await cli(['Operator'])).stdout.trim()).toBe('operator is now staff.');
    const missing = await cli(['ghost']).catch((e) => e);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("No user named 'ghost'.");
    const usage = await cli([]).catch((e) => e);
    expect(usage.code).toBe(2);

    const again = await startServer(loadConfig({ ...env, PORT: '0' }), {
      pgliteSeed: await migratedPgliteSeed(),
    });
    try {
      const url = `http://127.0.0.1:${(again.app.server.address() as { port: number }).port}/api/v1/panel/profile/`;
      const profile = (await (
        await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: { is_staff: boolean };
      };
      expect(profile.data.is_staff).toBe(true);
    } finally {
      await again.stop();
    }
    expect((await cli(['operator', '--revoke'])).stdout.trim()).toBe('operator is no longer staff.');
  }, 120_000);
});
