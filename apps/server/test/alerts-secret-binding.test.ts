/**
 * A channel's secrets are bound to its destination (issue 35): a team admin who points the
 * owner's GitHub, Jira or Telegram channel (settings.api_url) or an email channel with its own
 * SMTP credentials (recipients) somewhere else must give the secrets anew; "Send test" never
 * carries a stored token to the new host.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { deliveriesOf, settle, startTestAlertLoop } from './helpers/alerts.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let stand: AlertStandIns;
/** The admin's own server: records every request it gets, whatever it carries. */
let capture: { base: string; seen: { url: string; headers: IncomingHttpHeaders }[]; close(): Promise<void> };
let owner: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof registerUser>>;
let teamId: string;

beforeAll(async () => {
  stand = await startAlertStandIns();
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const http = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true,"number":1,"key":"X-1","result":{}}');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  capture = {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => http.close(() => r())),
  };
  server = await createTestServer({
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_ALERTS_MAX_ATTEMPTS: '1',
  });
  owner = await registerUser(server);
  admin = await registerUser(server);
  teamId = (await createTeam(server, owner.user.id, 'acme', [[admin.user.id, 'admin']])).id;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await stand?.close();
  await capture?.close();
});

const as = (who: typeof owner, lang: 'en' | 'fa' = 'en') => ({
  ...who.auth,
  'x-workspace-id': teamId,
  'accept-language': lang,
});

async function addChannel(payload: object) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/alerts/channels/',
    headers: as(owner),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; settings: Record<string, unknown> };
}

const patch = (id: string, payload: object, lang: 'en' | 'fa' = 'en') =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/panel/alerts/channels/${id}/`,
    headers: as(admin, lang),
    payload,
  });

async function sendTest(id: string) {
  const loop = await startTestAlertLoop(server);
  try {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${id}/test/`,
      headers: as(admin),
    });
    expect(res.statusCode, res.body).toBe(202);
    await settle(server, loop);
  } finally {
    await loop.stop();
  }
  return (await deliveriesOf(server, id)).at(-1)!;
}

const REENTER_EN =
  'The destination changed: enter this secret again (stored secrets are never sent to a new destination).';
const REENTER_FA =
  'مقصد تغییر کرد: این رمز را دوباره وارد کنید (رمزهای ذخیره‌شده هرگز به مقصد تازه فرستاده نمی‌شوند).';

describe('secrets bound to destinations', () => {
  it("the admin's PATCH of api_url is refused (fa/en), nothing changes, and Send test sends no stored token anywhere new", async () => {
    const channels = [
      await addChannel({
        name: 'gh',
        kind: 'github',
        language: 'en',
        settings: { api_url: `${stand.base}/github`, repo: 'acme/web' },
        secrets: { token: 'gh-token' },
      }),
      await addChannel({
        name: 'jira',
        kind: 'jira',
        language: 'en',
        settings: { api_url: `${stand.base}/jira`, project_key: 'SEC', email: 'bot@example.com' },
        secrets: { token: 'jira-token' },
      }),
      await addChannel({
        name: 'tg',
        kind: 'telegram',
        language: 'en',
        settings: { chat_id: '42', api_url: `${stand.base}/telegram` },
        secrets: { token: 'tg-token' },
      }),
    ];
    for (const channel of channels) {
      const settings = { ...channel.settings, api_url: capture.base };
      const en = await patch(channel.id, { settings });
      expect(en.statusCode, en.body).toBe(400);
      expect(en.json().errors).toEqual({ 'secrets.token': [REENTER_EN] });
      const fa = await patch(channel.id, { settings }, 'fa');
      expect(fa.json().errors).toEqual({ 'secrets.token': [REENTER_FA] });
      // Nothing changed: the channel still names the owner's destination.
      const shown = await server.app.inject({
        method: 'GET',
        url: `/api/v1/panel/alerts/channels/${channel.id}/`,
        headers: as(admin),
      });
      expect(shown.json().data.settings.api_url).toBe(channel.settings.api_url);
      const delivery = await sendTest(channel.id);
      expect(delivery.status, delivery.error ?? '').toBe('delivered');
    }
    expect(capture.seen).toEqual([]);

    // With secrets of their own the admin may move the channel: only their token goes there.
    const [gh] = channels;
    const moved = await patch(gh!.id, {
      settings: { ...gh!.settings, api_url: capture.base },
      secrets: { token: 'admins-own-token' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sendTest(gh!.id);
    expect(capture.seen.length).toBeGreaterThan(0);
    for (const r of capture.seen) {
      expect(r.headers.authorization).toBe('Bearer admins-own-token');
      expect(JSON.stringify(r)).not.toContain('gh-token');
    }
  }, 60_000);

  it('an email channel with its own SMTP credentials: new recipients need the secret again; a rename does not', async () => {
    const mail = await addChannel({
      name: 'mail',
      kind: 'email',
      language: 'en',
      settings: { recipients: ['sec@example.com'] },
      secrets: { smtp_url: 'smtp://owner:owner-pass@smtp.example.com:587' },
    });
    const moved = await patch(mail.id, { settings: { recipients: ['attacker@example.net'] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ 'secrets.smtp_url': [REENTER_EN] });
    // The same recipients in another letter case, and a new name: no destination changed.
    const renamed = await patch(mail.id, { name: 'mail 2', settings: { recipients: ['SEC@example.com'] } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.secrets.smtp_url).toBeTruthy();
    // An email channel through the server's own SMTP keeps no secret: recipients change freely.
    const plain = await addChannel({
      name: 'plain',
      kind: 'email',
      language: 'en',
      settings: { recipients: ['sec@example.com'] },
    });
    const changed = await patch(plain.id, { settings: { recipients: ['ops@example.com'] } });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
