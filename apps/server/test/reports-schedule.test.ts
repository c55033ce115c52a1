import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertLoop } from '../src/alerts/alert-loop.js';
import { alertDeliveries, reports, schedules } from '../src/db/schema.js';
import { startReportLoop } from '../src/reports/report-loop.js';
import { runDueSchedules } from '../src/scheduler/scheduler.js';
import { settle, startTestAlertLoop } from './helpers/alerts.js';
import { seedFindings } from './helpers/report-findings.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// A weekly workspace report (issue 33): the scheduler queues it, the report loop prints the PDF,
// and the alert pipeline mails it through the email channel with the PDF attached.
let server: TestServer;
let smtp: SmtpStandIn;
let loop: AlertLoop;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await createTestServer({
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_SMTP_URL: smtp.url,
    DIDBAN_PUBLIC_URL: 'https://didban.example',
  });
  loop = await startTestAlertLoop(server);
}, 180_000);
afterAll(async () => {
  await loop?.stop();
  await server?.close();
  await smtp?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

describe('scheduled reports', () => {
  it('mails the weekly PDF report to the email channel, attached', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const ws = await personalWorkspaceId(server, owner.user.id);
    // Seen over the last six days: all inside the week the report covers.
    await seedFindings(server.db, ws, 12, { start: new Date(Date.now() - 6 * 86_400_000), spreadDays: 6 });
    const channel = await call('POST', 'panel/alerts/channels/', auth, {
      name: 'Security mail',
      kind: 'email',
      language: 'fa',
      settings: { recipients: ['ciso@example.com'] },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const created = await call('POST', 'panel/reports/schedules/', auth, {
      channel_id: channel.json().data.id,
      cadence: 'weekly',
      lang: 'fa',
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json().data;
    expect(schedule).toMatchObject({ cadence: 'weekly', format: 'pdf', lang: 'fa', preset: 'executive' });
    expect(new Date(schedule.next_run_at).getTime()).toBeGreaterThan(Date.now());
    const listed = (await call('GET', 'panel/reports/schedules/', auth)).json().data;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([schedule.id]);

    // The slot comes: the scheduler queues the report of the week, the loop builds it.
    await server.db
      .update(schedules)
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where(eq(schedules.subject_id, schedule.id));
    const ran = await runDueSchedules(server.db);
    expect(ran).toEqual([expect.objectContaining({ kind: 'report', error: null })]);
    const reportLoop = startReportLoop({
      db: server.db,
      config: server.config,
      log: { error() {}, info() {} },
      timer: false,
    });
    expect(await reportLoop.drain()).toBe(1);
    await reportLoop.stop();
    const [report] = await server.db.select().from(reports).where(eq(reports.workspace_id, ws));
    expect(report).toMatchObject({
      status: 'done',
      format: 'pdf',
      lang: 'fa',
      schedule_id: schedule.id,
      findings: 12,
    });
    expect(report!.scope.since).toBeTruthy();

    await settle(server, loop);
    const mail = smtp.received.filter((m) => m.to[0] === 'ciso@example.com');
    expect(mail).toHaveLength(1);
    const raw = mail[0]!.decoded;
    expect(raw).toContain('Content-Type: application/pdf');
    expect(raw).toMatch(/filename=didban-report-\d{4}-\d{2}-\d{2}\.pdf/);
    // The attachment is the PDF itself: its base64 starts with "%PDF-".
    expect(mail[0]!.raw).toContain('JVBERi0');
    expect(raw).toContain('فایل گزارش پیوست است');
    const [delivery] = await server.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.workspace_id, ws));
    expect(delivery).toMatchObject({ purpose: 'report', status: 'delivered' });
  }, 120_000);

  it('refuses a channel that is not an email channel of this workspace, and stores nothing', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'fa' };
    const foreign = await call('POST', 'panel/alerts/channels/', other.auth, {
      name: 'Theirs',
      kind: 'email',
      settings: { recipients: ['x@example.com'] },
    });
    const answer = await call('POST', 'panel/reports/schedules/', auth, {
      channel_id: foreign.json().data.id,
      cadence: 'monthly',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.channel_id).toEqual(['یک کانال ایمیل از همین فضای کاری انتخاب کنید']);
    expect((await call('GET', 'panel/reports/schedules/', auth)).json().data).toEqual([]);
  });

  it('answers a bad report request in the caller’s language and queues nothing', async () => {
    const owner = await registerUser(server);
    const fa = { ...owner.auth, 'accept-language': 'fa' };
    const bad = await call('POST', 'panel/reports/', fa, {
      format: 'docx',
      since: '2026-05-01',
      until: '2026-04-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.format).toEqual(['قالب باید pdf یا html باشد']);
    const en = await call(
      'POST',
      'panel/reports/',
      { ...owner.auth, 'accept-language': 'en' },
      { history_id: '00000000-0000-4000-8000-000000000000' },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().errors.history_id).toEqual([
      'This scan run or asset group does not exist in this workspace',
    ]);
    expect((await call('GET', 'panel/reports/', fa)).json().data.result_count).toBe(0);
  });
});
