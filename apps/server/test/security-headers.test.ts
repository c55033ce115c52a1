import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers/test-server.js';

// Issue 15 §6: the panel and everything else the server answers carry a strict CSP (no inline
// script, never framed), nosniff and a same-origin referrer policy.
let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'didban-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  server = await createTestServer({ DIDBAN_WEB_DIST: webDist });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each([
    ['the panel page', '/'],
    ['a client-side route (index.html fallback)', '/auth/sign-in'],
    ['a bundled script', '/assets/app.js'],
    ['an API answer', '/api/v1/openapi.json'],
    ['an API error', '/api/v1/panel/profile/'],
  ])('are sent on %s', async (_what, url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // Styles may be inline (CodeMirror), scripts never; no http→https upgrade on a LAN panel.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(JSON.stringify(csp)).not.toMatch(/unsafe-eval|\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
