/**
 * Alert destinations a tenant names (webhook/chat URLs, Telegram/Jira/GitHub API bases, an email
 * channel's own SMTP server) never reach the server's network: a canary on loopback counts every
 * connection, and each spelling of loopback must either be refused when saved (400, fa/en) or
 * fail its test send with "destination refused" — the canary untouched.
 */
import dns from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertLoop } from '../src/alerts/alert-loop.js';
import { loadConfig } from '../src/config/env.js';
import { alertChannels } from '../src/db/schema.js';
import { createMailer } from '../src/mail/mailer.js';
import { startServer } from '../src/server.js';
import { deliveriesOf, settle, startTestAlertLoop } from './helpers/alerts.js';
import { type Canary, startCanary } from './helpers/canary.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import {
  createPgDatabase,
  createTestServer,
  registerUser,
  type TestServer,
  testDbKind,
} from './helpers/test-server.js';

let canary: Canary;
let server: TestServer;
let owner: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  canary = await startCanary();
  server = await createTestServer({ DIDBAN_ALERTS_INTERVAL_MS: '60000', DIDBAN_ALERTS_MAX_ATTEMPTS: '1' });
  owner = await registerUser(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await canary?.close();
});

const addChannel = (payload: object, lang: 'en' | 'fa' = 'en') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/alerts/channels/',
    headers: { ...owner.auth, 'accept-language': lang },
    payload,
  });

/** Queue a test message to the channel and let the loop try it; the delivery row. */
async function testSend(target: TestServer, channelId: string, loop = startTestAlertLoop(target)) {
  const l = await loop;
  try {
    const queued = await target.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${channelId}/test/`,
      headers: owner.auth,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await settle(target, l);
  } finally {
    await l.stop();
  }
  const [delivery] = await deliveriesOf(target, channelId);
  return delivery!;
}

/** A name of this machine that resolves to loopback (the hosts file), if it has one. */
async function loopbackName(): Promise<string | null> {
  for (const name of [os.hostname(), 'ip6-localhost', 'ip6-loopback']) {
    const found = await dns.lookup(name, { all: true }).catch(() => []);
    if (
      found.length > 0 &&
      found.every((a) => a.address === '127.0.0.1' || a.address.startsWith('127.') || a.address === '::1')
    )
      return name;
  }
  return null;
}

describe('alert destinations: nothing reaches loopback', () => {
  it('a webhook at loopback in any spelling is refused when saved (fa/en); nothing stored', async () => {
    const p = canary.port;
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      'localhost',
      '0.0.0.0',
      '[::]',
      '169.254.169.254',
    ]) {
      const res = await addChannel({
        name: 'h',
        kind: 'webhook',
        language: 'en',
        secrets: { url: `http://${host}:${p}/x` },
      });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({
        'secrets.url': ['This address is in a network the server may not send to.'],
      });
    }
    const fa = await addChannel(
      { name: 'h', kind: 'slack', language: 'fa', secrets: { url: `http://127.0.0.1:${p}/` } },
      'fa',
    );
    expect(fa.json().errors).toEqual({
      'secrets.url': ['این نشانی در شبکه‌ای است که سرور اجازه ارسال به آن را ندارد.'],
    });
    for (const kind of ['telegram', 'github'] as const) {
      const settings =
        kind === 'telegram'
          ? { chat_id: '1', api_url: `http://127.1:${p}` }
          : { repo: 'a/b', api_url: `http://[::1]:${p}` };
      const res = await addChannel({ name: 'k', kind, language: 'en', settings, secrets: { token: 't' } });
      expect(res.json().errors, kind).toEqual({
        'settings.api_url': ['This address is in a network the server may not send to.'],
      });
    }
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/alerts/channels/',
      headers: owner.auth,
    });
    expect(list.json().data).toEqual([]);
    expect(canary.hits()).toBe(0);
  });

  it('an email channel naming its own SMTP server on loopback is refused when saved (fa/en)', async () => {
    for (const host of ['127.0.0.1', '2130706433', '[::1]', 'localhost']) {
      const res = await addChannel({
        name: 'm',
        kind: 'email',
        language: 'en',
        settings: { recipients: ['a@example.com'] },
        secrets: { smtp_url: `smtp://${host}:${canary.port}` },
      });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({
        'secrets.smtp_url': ['This address is in a network the server may not send to.'],
      });
    }
    const fa = await addChannel(
      {
        name: 'm',
        kind: 'email',
        language: 'fa',
        settings: { recipients: ['a@example.com'] },
        secrets: { smtp_url: `smtps://127.0.0.1:${canary.port}` },
      },
      'fa',
    );
    expect(fa.json().errors).toEqual({
      'secrets.smtp_url': ['این نشانی در شبکه‌ای است که سرور اجازه ارسال به آن را ندارد.'],
    });
    expect(canary.hits()).toBe(0);
  });

  it('a name resolving to loopback is refused when saved (webhook, Jira, an SMTP server), fa/en; nothing stored', async () => {
    const name = await loopbackName();
    expect(name, 'this machine has a name resolving to loopback (hosts file)').not.toBeNull();
    const p = canary.port;
    const cases = [
      {
        field: 'secrets.url',
        payload: { name: 'w', kind: 'webhook', language: 'en', secrets: { url: `http://${name}:${p}/hook` } },
      },
      {
        field: 'settings.api_url',
        payload: {
          name: 'j',
          kind: 'jira',
          language: 'en',
          settings: { api_url: `http://${name}:${p}`, project_key: 'X', email: 'a@example.com' },
          secrets: { token: 't' },
        },
      },
      {
        field: 'secrets.smtp_url',
        payload: {
          name: 'm',
          kind: 'email',
          language: 'en',
          settings: { recipients: ['a@example.com'] },
          secrets: { smtp_url: `smtp://${name}:${p}` },
        },
      },
    ];
    for (const { field, payload } of cases) {
      const en = await addChannel(payload);
      expect(en.statusCode, en.body).toBe(400);
      expect(en.json().errors).toEqual({
        [field]: ['This name points to an address in a network the server may not send to.'],
      });
      const fa = await addChannel(payload, 'fa');
      expect(fa.statusCode, fa.body).toBe(400);
      expect(fa.json().errors).toEqual({
        [field]: ['این نام به نشانی‌ای در شبکه‌ای اشاره می‌کند که سرور اجازه ارسال به آن را ندارد.'],
      });
    }
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/alerts/channels/',
      headers: owner.auth,
    });
    expect(list.json().data).toEqual([]);
    expect(canary.hits()).toBe(0);
  }, 60_000);

  it('an SMTP URL naming a proxy is saved but its proxy is never used when sent', async () => {
    // nodemailer reads a proxy from the SMTP URL's query; the channel's own server is all it may name.
    const res = await addChannel({
      name: 'mp',
      kind: 'email',
      language: 'en',
      settings: { recipients: ['a@example.com'] },
      secrets: { smtp_url: `smtp://mail.invalid:25/?proxy=http://127.0.0.1:${canary.port}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const delivery = await testSend(server, res.json().data.id);
    expect(delivery.status, delivery.error ?? '').toBe('failed');
    expect(canary.hits(), delivery.error ?? '').toBe(0);
  }, 60_000);
});

describe('alert destinations: the server’s own address stays refused inside an opened range', () => {
  let open: TestServer;
  beforeAll(async () => {
    open = await createTestServer({ DIDBAN_ALERTS_ALLOW: '127.0.0.0/8', DIDBAN_ALERTS_INTERVAL_MS: '60000' });
  }, 60_000);
  afterAll(() => open?.close());

  it('a webhook and an SMTP server at the server’s own endpoint (written as an address) are not reached', async () => {
    const me = await registerUser(open);
    const own = `127.0.0.1:${canary.port}`;
    const loop = () =>
      startAlertLoop({
        db: open.db,
        config: open.config,
        log: { warn() {}, error() {} },
        mailer: createMailer(open.config.mail, { warn() {} }),
        ownAddresses: [own],
      });
    for (const payload of [
      { name: 'w', kind: 'webhook', language: 'en', secrets: { url: `http://${own}/hook` } },
      {
        name: 'm',
        kind: 'email',
        language: 'en',
        settings: { recipients: ['a@example.com'] },
        secrets: { smtp_url: `smtp://${own}` },
      },
    ]) {
      const res = await open.app.inject({
        method: 'POST',
        url: '/api/v1/panel/alerts/channels/',
        headers: me.auth,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      owner = me;
      const delivery = await testSend(open, res.json().data.id, loop());
      expect(delivery.status).toBe('failed');
      expect(delivery.error).toBe(
        `destination refused: ${own} is this server's own address: outside the allowed scan scope`,
      );
      expect(canary.hits()).toBe(0);
    }
  }, 60_000);
});

describe('send test: 5 a minute per channel, 30 a minute per account', () => {
  /** Email channels (no URL to resolve): each test send mails their recipients. */
  const emailChannels = async (auth: Record<string, string>, count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await server.app.inject({
        method: 'POST',
        url: '/api/v1/panel/alerts/channels/',
        headers: auth,
        payload: {
          name: `c${i}`,
          kind: 'email',
          language: 'en',
          settings: { recipients: ['a@example.com'] },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.id);
    }
    return ids;
  };
  const send = (auth: Record<string, string>, id: string, lang: 'en' | 'fa' = 'en') =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${id}/test/`,
      headers: { ...auth, 'accept-language': lang },
    });

  it('testing 8 channels in a row works; the 6th test of one channel in a minute is 429 (fa/en) and queues nothing', async () => {
    const me = await registerUser(server);
    const ids = await emailChannels(me.auth, 8);
    for (const id of ids) expect((await send(me.auth, id)).statusCode).toBe(202);
    const [first, second] = ids as [string, string];
    for (let i = 0; i < 4; i++) expect((await send(me.auth, first)).statusCode).toBe(202);
    const en = await send(me.auth, first);
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    const fa = await send(me.auth, first, 'fa');
    expect(fa.statusCode).toBe(429);
    expect(fa.json().message).toMatch(/^تلاش‌ها بیش از حد مجاز است\. [\d۰-۹]+ ثانیه دیگر دوباره تلاش کنید\.$/);
    expect(await deliveriesOf(server, first)).toHaveLength(5);
    // Another channel keeps its own count.
    expect((await send(me.auth, second)).statusCode).toBe(202);
    expect(await deliveriesOf(server, second)).toHaveLength(2);
  });

  it('an account may queue 30 test sends a minute over all its channels; the 31st is 429 (fa/en) and queues nothing', async () => {
    const me = await registerUser(server);
    const ids = await emailChannels(me.auth, 7);
    for (let i = 0; i < 30; i++)
      expect((await send(me.auth, ids[i % 7]!)).statusCode, `send ${i + 1}`).toBe(202);
    const en = await send(me.auth, ids[6]!);
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
    const fa = await send(me.auth, ids[6]!, 'fa');
    expect(fa.statusCode).toBe(429);
    expect(fa.json().message).toMatch(/^تلاش‌ها بیش از حد مجاز است\. [\d۰-۹]+ ثانیه دیگر دوباره تلاش کنید\.$/);
    let queued = 0;
    for (const id of ids) queued += (await deliveriesOf(server, id)).length;
    expect(queued).toBe(30);
  });
});

describe('a server listening on every interface (HOST=0.0.0.0) with loopback opened for alerts', () => {
  let started: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'didban-alerts-own-'));
    pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
    started = await startServer(
      loadConfig({
        DIDBAN_DATA_DIR: dataDir,
        HOST: '0.0.0.0',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DIDBAN_BUILTIN_WORKER: '0',
        DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
        DIDBAN_ALERTS_INTERVAL_MS: '50',
        DIDBAN_ALERTS_MAX_ATTEMPTS: '1',
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      }),
      { pgliteSeed: await migratedPgliteSeed() },
    );
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
    await pgDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a webhook at the server’s own port or its database (PostgreSQL run) is refused when saved or changed (fa/en); nothing stored', async () => {
    const port = new URL(started.address).port;
    const call = async (method: string, path: string, auth?: object, body?: unknown, lang = 'en') => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/${path}`, {
        method,
        headers: {
          ...auth,
          'accept-language': lang,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      // biome-ignore lint/suspicious/noExplicitAny: API bodies of several shapes, checked below
      return { status: answer.status, body: (await answer.json()) as { data: any; errors?: any } };
    };
    const reg = await call('POST', 'auth/register/', undefined, {
      username: 'ownhook',
      email: 'ownhook@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    });
    const auth = { authorization: `Bearer ${reg.body.data.access}` };
    const ownEn = "This is the Didban server's own address: alerts are never sent to it.";
    const ownFa = 'این نشانی خود سرور دیدبان است: هشدار هرگز به آن فرستاده نمی‌شود.';
    // The database (127.0.0.1:5432 in the PostgreSQL run) is inside the opened loopback range too.
    const own = [`127.0.0.1:${port}`, ...(pgDb ? [new URL(pgDb.url).host] : [])];
    for (const endpoint of own) {
      for (const [lang, text] of [
        ['en', ownEn],
        ['fa', ownFa],
      ] as const) {
        const created = await call(
          'POST',
          'panel/alerts/channels/',
          auth,
          { name: endpoint, kind: 'webhook', language: lang, secrets: { url: `http://${endpoint}/healthz` } },
          lang,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(400);
        expect(created.body.errors).toEqual({ 'secrets.url': [text] });
      }
    }
    expect((await call('GET', 'panel/alerts/channels/', auth)).body.data).toEqual([]);

    // A receiver on another port of this machine (the range is open) may be saved, but not moved
    // onto the server's own port afterwards.
    const receiver = `http://127.0.0.1:${canary.port}/hook`;
    const saved = await call('POST', 'panel/alerts/channels/', auth, {
      name: 'receiver',
      kind: 'webhook',
      language: 'en',
      secrets: { url: receiver },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body.data.id as string;
    const storedRow = async () =>
      (await started.db.select().from(alertChannels).where(eq(alertChannels.id, id)))[0]!;
    const before = await storedRow();
    const moved = await call('PATCH', `panel/alerts/channels/${id}/`, auth, {
      secrets: { url: `http://${own[0]}/healthz` },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(400);
    expect(moved.body.errors).toEqual({ 'secrets.url': [ownEn] });
    const movedFa = await call(
      'PATCH',
      `panel/alerts/channels/${id}/`,
      auth,
      { secrets: { url: `http://[::ffff:127.0.0.1]:${port}/` } },
      'fa',
    );
    expect(movedFa.status, JSON.stringify(movedFa.body)).toBe(400);
    expect(movedFa.body.errors).toEqual({ 'secrets.url': [ownFa] });
    // Still the receiver: the refused change stored nothing.
    const after = await storedRow();
    expect(after.secret_enc).toBe(before.secret_enc);
    expect(after.updated_at).toEqual(before.updated_at);
  }, 60_000);
});
