import { translate } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

// Issue 15 §7: "scan now" (one-off template runs) counts against the monthly scan limit.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const yaml = `id: ping
info:
  name: Ping
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: status
        status:
          - 200
`;

describe('scan now and the plan', () => {
  it('refuses the 21st run of the month on the free plan (20 scans), like a scan start, in en and fa', async () => {
    const owner = await registerUser(server);
    const scanNow = (lang: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/panel/templates/scan-now/',
        headers: { ...owner.auth, 'accept-language': lang },
        payload: { yaml, targets: ['http://scan.example.com'] },
      });
    for (let i = 0; i < 20; i += 1) expect((await scanNow('en')).statusCode).toBe(201);

    const refused = await scanNow('en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'plan_limit',
      message:
        'Your plan allows at most 20 scans a month (20 used this month). Upgrade your plan at /settings/billing.',
    });
    const fa = await scanNow('fa');
    expect(fa.statusCode).toBe(403);
    expect(fa.json().message).toBe(
      translate('limits.scans', 'fa', { limit: 20, used: 20, upgrade_url: '/settings/billing' }),
    );

    // Nothing was stored for the refused runs: the plan shows 20 used.
    const plan = await server.app.inject({
      method: 'GET',
      url: '/api/v1/license/plan/',
      headers: owner.auth,
    });
    expect(plan.json().data.usage.scans).toBe(20);
  });
});
