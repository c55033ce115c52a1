import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertLoop } from '../src/alerts/alert-loop.js';
import { enqueueDeliveries } from '../src/alerts/delivery-queue.js';
import { alertChannels, alertDeliveries, tasks } from '../src/db/schema.js';
import type { Tx } from '../src/queue/task-kinds.js';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { startTestAlertLoop } from './helpers/alerts.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

// A free workspace may have any number of email channels of up to 50 unverified addresses, and
// events it causes itself fire its rules: without a cap it could make the operator's SMTP mail
// strangers in bulk. DIDBAN_ALERTS_MAIL_PER_HOUR caps recipients per workspace per hour; the
// window is shortened to a few seconds here (DIDBAN_ALERTS_MAIL_WINDOW_SECONDS) so the test need
// not wait an hour to see the held mail go out.
const CAP = 6;
const WINDOW_SECONDS = 4;
const CHANNELS = 5; // two recipients each: 10 asked for, 6 allowed in one window
const DOMAIN = '@strangers.example';

let server: TestServer;
let smtp: SmtpStandIn;
let stand: AlertStandIns;
let loop: AlertLoop | undefined;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  stand = await startAlertStandIns();
  server = await createTestServer({
    DIDBAN_SMTP_URL: smtp.url,
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_ALERTS_MAIL_PER_HOUR: String(CAP),
    DIDBAN_ALERTS_MAIL_WINDOW_SECONDS: String(WINDOW_SECONDS),
  });
}, 60_000);

afterAll(async () => {
  await loop?.stop();
  await server?.close();
  await smtp?.close();
  await stand?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Alert mail only (registration sends a verification mail through the same server). */
const alertRecipients = () => smtp.received.flatMap((m) => m.to).filter((to) => to.endsWith(DOMAIN));
/** Sleep until just after a window boundary (windows are aligned to the epoch, as in the server). */
async function nextWindow() {
  const ms = WINDOW_SECONDS * 1000;
  await sleep(ms - (Date.now() % ms) + 150);
}

describe('alert email: hourly recipient cap per workspace (DIDBAN_ALERTS_MAIL_PER_HOUR)', () => {
  it('mails exactly the cap within the window, holds the rest without using an attempt, sends it in the next window; webhooks are not held', async () => {
    const owner = await registerUser(server);
    const add = async (payload: object) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/panel/alerts/channels/',
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const emailIds: string[] = [];
    for (let i = 0; i < CHANNELS; i++)
      emailIds.push(
        await add({
          name: `mail ${i}`,
          kind: 'email',
          language: i % 2 ? 'fa' : 'en',
          settings: { recipients: [`a${i}${DOMAIN}`, `b${i}${DOMAIN}`] },
        }),
      );
    const hookId = await add({
      name: 'hook',
      kind: 'webhook',
      language: 'en',
      secrets: { url: `${stand.base}/hook` },
    });
    const [hook] = await server.db
      .select({ workspace_id: alertChannels.workspace_id })
      .from(alertChannels)
      .where(eq(alertChannels.id, hookId));
    const workspaceId = hook!.workspace_id;

    // All queued at the start of a window, as a burst of rule messages would be.
    await nextWindow();
    await server.db.transaction((tx) =>
      enqueueDeliveries(
        tx as Tx,
        [...emailIds, hookId].map((channelId) => ({
          workspaceId,
          channelId,
          ruleId: null,
          purpose: 'message' as const,
          events: [{ id: channelId, kind: 'port_opened', at: new Date().toISOString(), data: {} }],
        })),
        { maxAttempts: 8 },
      ),
    );
    loop = await startTestAlertLoop(server);
    await loop.tick();
    await loop.tick();

    // Exactly the cap is mailed in this window; the webhook went regardless.
    expect(alertRecipients()).toHaveLength(CAP);
    expect(stand.of('hook')).toHaveLength(1);
    const rows = await server.db
      .select()
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.channel_id, emailIds));
    const held = rows.filter((r) => r.status === 'held');
    expect(rows.filter((r) => r.status === 'delivered')).toHaveLength(CAP / 2);
    expect(held).toHaveLength(CHANNELS - CAP / 2);
    for (const r of held) {
      // Not an attempt: the held email keeps every one of its attempts.
      expect(r.attempts).toBe(0);
      const fa = emailIds.indexOf(r.channel_id) % 2 === 1;
      expect(r.error).toMatch(
        fa
          ? /^نگه داشته شد: این فضای کاری در این ساعت به 6 گیرنده ایمیل هشدار فرستاده و سقف 6 گیرنده در ساعت \(DIDBAN_ALERTS_MAIL_PER_HOUR\) پر است؛ این ایمیل \(2 گیرنده\) بدون مصرف یک تلاش در .+ UTC فرستاده می‌شود\.$/
          : /^held: this workspace has mailed 6 alert recipients this hour and the cap is 6 an hour \(DIDBAN_ALERTS_MAIL_PER_HOUR\); this email \(2 recipients\) goes at .+ UTC, using no attempt\.$/,
      );
      const [task] = await server.db.select().from(tasks).where(eq(tasks.id, r.task_id!));
      expect(task!.status).toBe('queued');
      expect(task!.attempts).toBe(0);
    }
    // The delivery log says so, with when it goes.
    const log = await server.app.inject({
      method: 'GET',
      url: `/api/v1/panel/alerts/deliveries/?channel_id=${held[0]!.channel_id}`,
      headers: owner.auth,
    });
    expect(log.statusCode).toBe(200);
    const [line] = log.json().data.results;
    expect(line.status).toBe('held');
    expect(line.attempts).toBe(0);
    expect(Date.parse(line.next_attempt_at) % (WINDOW_SECONDS * 1000)).toBe(0);

    // Ticking again in the same window sends nothing more.
    await loop.tick();
    expect(alertRecipients()).toHaveLength(CAP);

    // Durable: a new loop (as after a restart) picks the held mail up once the window moves.
    await loop.stop();
    loop = await startTestAlertLoop(server);
    await nextWindow();
    await loop.tick();
    await loop.tick();
    expect(alertRecipients()).toHaveLength(CHANNELS * 2);
    expect(new Set(alertRecipients()).size).toBe(CHANNELS * 2);
    const after = await server.db
      .select()
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.channel_id, emailIds));
    expect(after.map((r) => r.status)).toEqual(Array(CHANNELS).fill('delivered'));
    expect(after.map((r) => r.attempts)).toEqual(Array(CHANNELS).fill(1));
  }, 60_000);

  it('a channel with more recipients than the whole cap fails at once, saying why', async () => {
    const owner = await registerUser(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/alerts/channels/',
      headers: owner.auth,
      payload: {
        name: 'too many',
        kind: 'email',
        language: 'en',
        settings: { recipients: Array.from({ length: CAP + 1 }, (_, i) => `c${i}${DOMAIN}`) },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const before = alertRecipients().length;
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${id}/test/`,
      headers: owner.auth,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    loop ??= await startTestAlertLoop(server);
    await loop.tick();
    const [row] = await server.db.select().from(alertDeliveries).where(eq(alertDeliveries.channel_id, id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toBe(
      'this channel has 7 recipients, more than the cap of 6 an hour (DIDBAN_ALERTS_MAIL_PER_HOUR); remove some recipients.',
    );
    expect(alertRecipients()).toHaveLength(before);
  }, 30_000);
});
