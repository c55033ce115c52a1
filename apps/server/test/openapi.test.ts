import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const norm = (p: string) =>
  p
    .replace(/^\/?(api\/v1\/)?/, '')
    .replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}')
    .replace(/^\//, '')
    .replace(/\/$/, '');

describe('OpenAPI document', () => {
  it('is generated from the schemas and serves every call the panel makes (fixtures/panel-api-calls.txt)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const have = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(ops)) have.add(`${method.toUpperCase()} ${norm(path)}`);
    }
    const calls = readFileSync(new URL('./fixtures/panel-api-calls.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.trim().split(/\s+/));
    expect(calls.length).toBeGreaterThan(50);
    for (const [, method, path] of calls)
      expect(have, `${method} ${path}`).toContain(`${method} ${norm(path!)}`);
    // Request bodies come from the core's zod schemas.
    const register = doc.paths['/api/v1/auth/register/'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'email',
      'password',
      'confirm_password',
    ]);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
