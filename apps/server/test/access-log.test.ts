import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestServer, type TestServer } from './helpers/test-server.js';

type Line = { level: number; msg: string; status?: number; url?: string; err?: unknown; stack?: unknown };

let server: TestServer;
beforeAll(async () => {
  // No GitHub configured: its start answers 501, a server-side status without a bug behind it.
  server = await createTestServer();
});
afterAll(async () => server.close());

/** The app on the test database, logging at `info` (the default) into `lines`. */
async function appLoggingAtInfo(slowRequestMs: number) {
  const lines: Line[] = [];
  const app = await buildApp({
    config: { ...server.config, logLevel: 'info', slowRequestMs },
    db: server.db,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  return { app, lines };
}

const INFO = 30;
const WARN = 40;

describe('the access log at info', () => {
  it('writes nothing for ordinary requests, successful or refused', async () => {
    const { app, lines } = await appLoggingAtInfo(60_000);
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/auth/providers/' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/panel/profile/' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/v1/nowhere/' })).statusCode).toBe(404);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('writes one line for a request slower than DIDBAN_SLOW_REQUEST_MS', async () => {
    // A threshold of 0 makes every request "slow" without waiting for one.
    const { app, lines } = await appLoggingAtInfo(0);
    try {
      await app.inject({ method: 'GET', url: '/healthz?probe=1' });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: INFO, msg: 'slow request', url: '/healthz', status: 200 });
    } finally {
      await app.close();
    }
  });

  it('writes a failing request once, and a deliberate 5xx as a warning without a stack trace', async () => {
    const { app, lines } = await appLoggingAtInfo(60_000);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/github/get-endpoint/',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(501);
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [WARN, 'GitHub sign-in is not configured on this server.'],
        [INFO, 'request failed'],
      ]);
      expect(lines[0]).not.toHaveProperty('err');
      expect(JSON.stringify(lines)).not.toContain('    at ');
      expect(lines[1]).toMatchObject({ url: '/api/v1/auth/github/get-endpoint/', status: 501 });
    } finally {
      await app.close();
    }
  });
});
