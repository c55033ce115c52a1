import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertLoop } from '../src/alerts/alert-loop.js';
import { alertChannels, alertTrackerLinks } from '../src/db/schema.js';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { deliveriesOf, settle, startTestAlertLoop } from './helpers/alerts.js';
import { findingItem } from './helpers/scans.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

let server: TestServer;
let stand: AlertStandIns;
let smtp: SmtpStandIn;
const ALERT_RECIPIENTS = ['ops@example.com', 'sara@example.com'];
/** The alert emails only: signing up also mails a verification link to the new account. */
async function alertMail(count: number, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  const alerts = () => smtp.received.filter((m) => ALERT_RECIPIENTS.includes(m.to[0] ?? ''));
  while (alerts().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return alerts();
}
let loop: AlertLoop;

beforeAll(async () => {
  stand = await startAlertStandIns();
  smtp = await startSmtpStandIn();
  server = await createTestServer({
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_RETRY_BASE_SECONDS: '0.05',
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_SMTP_URL: smtp.url,
    DIDBAN_PUBLIC_URL: 'https://didban.example',
  });
  loop = await startTestAlertLoop(server);
}, 60_000);
afterAll(async () => {
  await loop?.stop();
  await server?.close();
  await stand?.close();
  await smtp?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

async function setup() {
  const owner = await registerUser(server);
  const { api_key } = await createWorker(server, owner.auth, { name: 'w' });
  return { owner, w: asWorker(server, api_key), auth: { ...owner.auth, 'accept-language': 'en' } };
}

async function channel(
  auth: Headers,
  body: object,
): Promise<{ id: string; kind: string; secrets: Record<string, string> }> {
  const response = await call('POST', 'panel/alerts/channels/', auth, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Claim the next task of `kind`, post these results and complete it. */
async function runTask(w: ReturnType<typeof asWorker>, items: (task: { payload: unknown }) => object[]) {
  const task = (await w.claim()).json().data.task;
  expect(task).not.toBeNull();
  expect((await w.results(task.id, 0, items(task))).statusCode).toBe(200);
  expect((await w.complete(task.id)).statusCode).toBe(200);
  return task;
}

describe('alerts: a lab change reaches every channel once per rule', () => {
  it('new host, new port and a planted weakness: one message per rule per channel in fa and en; trackers open and close', async () => {
    const { auth, w } = await setup();
    const s = stand.base;
    const webhook = await channel(auth, {
      name: 'Hook',
      kind: 'webhook',
      language: 'en',
      secrets: { url: `${s}/hook`, signing_secret: 'sign-me' },
    });
    const slack = await channel(auth, {
      name: 'Slack',
      kind: 'slack',
      language: 'fa',
      secrets: { url: `${s}/slack/services/T0/B0/XYZsecret` },
    });
    const discord = await channel(auth, {
      name: 'Discord',
      kind: 'discord',
      language: 'en',
      secrets: { url: `${s}/discord/api/webhooks/1/tok` },
    });
    const telegram = await channel(auth, {
      name: 'TG',
      kind: 'telegram',
      language: 'fa',
      settings: { chat_id: '-100200', api_url: `${s}/telegram` },
      secrets: { token: 'tg-token' },
    });
    const teams = await channel(auth, {
      name: 'Teams',
      kind: 'teams',
      language: 'en',
      secrets: { url: `${s}/teams/workflows/abc` },
    });
    const email = await channel(auth, {
      name: 'Mail',
      kind: 'email',
      language: 'en',
      settings: { recipients: ['ops@example.com', { email: 'sara@example.com', language: 'fa' }] },
    });
    const jira = await channel(auth, {
      name: 'Jira',
      kind: 'jira',
      language: 'en',
      settings: { api_url: `${s}/jira`, project_key: 'SEC', email: 'bot@example.com' },
      secrets: { token: 'jira-token' },
    });
    const github = await channel(auth, {
      name: 'GitHub',
      kind: 'github',
      language: 'en',
      settings: { api_url: `${s}/github`, repo: 'acme/web' },
      secrets: { token: 'gh-token' },
    });
    // Secrets are answered masked, and stored sealed.
    expect(slack.secrets).toEqual({ url: `${s}/…cret` });
    const [stored] = await server.db.select().from(alertChannels).where(eq(alertChannels.id, slack.id));
    expect(stored!.secret_enc).not.toContain('XYZsecret');

    const messageChannels = [webhook, slack, discord, telegram, teams, email];
    const group = (await call('POST', 'panel/assets/', auth, { name: 'Lab', roots: 'lab.test' })).json().data;
    const inventory = await call('POST', 'panel/alerts/rules/', auth, {
      name: 'Inventory',
      triggers: ['asset_new', 'port_opened'],
      asset_group_ids: [group.id],
      channel_ids: messageChannels.map((c) => c.id),
    });
    expect(inventory.statusCode, inventory.body).toBe(201);
    const findings = await call('POST', 'panel/alerts/rules/', auth, {
      name: 'Findings',
      triggers: ['finding_new'],
      min_severity: 'high',
      channel_ids: [...messageChannels, jira, github].map((c) => c.id),
    });
    expect(findings.statusCode, findings.body).toBe(201);

    // First discovery: the baseline tells nobody anything.
    await runTask(w, () => [assetResult('shop.lab.test', 443, { is_root: true })]);
    await settle(server, loop);
    expect(stand.received).toEqual([]);

    // The lab changes: a new host, and a new port on a known host.
    await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id });
    await runTask(w, () => [
      assetResult('shop.lab.test', 443, { is_root: true }),
      assetResult('shop.lab.test', 8443),
      assetResult('new.lab.test', 80),
    ]);
    await settle(server, loop);
    for (const service of ['hook', 'slack', 'discord', 'telegram', 'teams'])
      expect(stand.of(service)).toHaveLength(1);
    expect(await alertMail(2)).toHaveLength(2);

    const hook = stand.of('hook')[0]!;
    expect(hook.body).toMatchObject({
      version: 1,
      type: 'alert',
      language: 'en',
      rule: { name: 'Inventory' },
    });
    expect(hook.body.text).toBe('New asset: new.lab.test:80\nPort opened: shop.lab.test:8443');
    const raw = JSON.stringify(hook.body);
    const sig = createHmac('sha256', 'sign-me')
      .update(`${hook.headers['x-didban-timestamp']}.${raw}`)
      .digest('hex');
    expect(hook.headers['x-didban-signature']).toBe(`sha256=${sig}`);
    expect(hook.headers['idempotency-key']).toBe(hook.body.idempotency_key);

    const slackBody = stand.of('slack')[0]!.body;
    expect(slackBody.blocks[0].text.text).toBe('دیدبان: Inventory — ۲ رویداد');
    expect(slackBody.blocks[1].text.text).toBe(
      '• دارایی جدید: new.lab.test:80\n• پورت باز شد: shop.lab.test:8443',
    );
    expect(stand.of('discord')[0]!.path).toContain('wait=true');
    expect(stand.of('discord')[0]!.body.embeds[0].description).toBe(
      '• New asset: new.lab.test:80\n• Port opened: shop.lab.test:8443',
    );
    expect(stand.of('telegram')[0]!.body).toMatchObject({ chat_id: '-100200' });
    expect(stand.of('telegram')[0]!.body.text).toContain('پورت باز شد: shop.lab.test:8443');
    const card = stand.of('teams')[0]!.body.attachments[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content.body.map((b: { text: string }) => b.text)).toEqual([
      'Didban: Inventory — 2 event(s)',
      '• New asset: new.lab.test:80',
      '• Port opened: shop.lab.test:8443',
    ]);
    const byRecipient = Object.fromEntries(smtp.received.map((m) => [m.to[0], m.decoded]));
    expect(byRecipient['ops@example.com']).toContain('Port opened: shop.lab.test:8443');
    expect(byRecipient['sara@example.com']).toContain('پورت باز شد: shop.lab.test:8443');
    expect(byRecipient['sara@example.com']).toContain('dir="rtl"');

    // A planted weakness: a scan finds it; the Findings rule tells each channel once and opens issues.
    const scan = await call('POST', 'panel/scans/', auth, {
      name: 'Weekly',
      asset_group: [group.id],
      template_ids: ['public:git-config-exposure'],
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const chunks: { id: string; targets: string[] }[] = [];
    for (;;) {
      const task = (await w.claim()).json().data.task;
      if (!task) break;
      const target = task.payload.targets.find((t: string) => t.includes('new.lab.test'));
      await w.results(task.id, 0, target ? [findingItem(target, 'git-config-exposure')] : []);
      await w.complete(task.id);
      chunks.push({ id: task.id, targets: task.payload.targets });
    }
    await settle(server, loop);
    for (const service of ['hook', 'slack', 'discord', 'telegram', 'teams'])
      expect(stand.of(service)).toHaveLength(2);
    await alertMail(4);
    expect(stand.of('hook')[1]!.body.text).toBe(
      'New high finding: Template git-config-exposure on http://new.lab.test:80/.git/config',
    );
    expect(stand.of('slack')[1]!.body.blocks[1].text.text).toBe(
      '• یافته جدید (high): Template git-config-exposure روی http://new.lab.test:80/.git/config',
    );
    expect(stand.of('jira').map((r) => r.body.fields?.summary)).toEqual([
      '[high] Template git-config-exposure — new.lab.test:80',
    ]);
    expect(stand.of('github').map((r) => r.body.title)).toEqual([
      '[high] Template git-config-exposure — new.lab.test:80',
    ]);
    const links = await server.db.select().from(alertTrackerLinks);
    expect(links.map((l) => [l.external_id, l.url, l.state]).sort()).toEqual([
      ['1', 'https://github.example/acme/web/issues/1', 'open'],
      ['SEC-1', `${s}/jira/browse/SEC-1`, 'open'],
    ]);

    // Fixed: a rescan no longer finds it; the issues are closed, and no chat message is sent.
    const rerun = await call('POST', `panel/scans/${scan.json().data.id}/run/`, auth, {});
    expect([200, 201], rerun.body).toContain(rerun.statusCode);
    for (;;) {
      const task = (await w.claim()).json().data.task;
      if (!task) break;
      await w.results(task.id, 0, []);
      await w.complete(task.id);
    }
    await settle(server, loop);
    expect(stand.jiraStatus.get('SEC-1')).toBe('Done');
    expect(stand.githubState.get(1)).toBe('closed');
    for (const service of ['hook', 'slack']) expect(stand.of(service)).toHaveLength(2);
    expect((await server.db.select().from(alertTrackerLinks)).map((l) => l.state)).toEqual([
      'closed',
      'closed',
    ]);

    // The delivery log shows each channel's deliveries.
    const log = (await call('GET', `panel/alerts/deliveries/?channel_id=${slack.id}`, auth)).json().data;
    expect(
      log.results.map((d: { status: string; response_code: number }) => [d.status, d.response_code]),
    ).toEqual([
      ['delivered', 200],
      ['delivered', 200],
    ]);
  }, 60_000);
});

describe('alerts: durable delivery', () => {
  it('a receiver that fails twice gets the message on the third try, with the same idempotency key', async () => {
    const { auth } = await setup();
    const hook = await channel(auth, {
      name: 'Flaky',
      kind: 'webhook',
      language: 'en',
      secrets: { url: `${stand.base}/hook` },
    });
    const before = stand.of('hook').length;
    stand.state.webhookFailures = 2;
    const test = await call('POST', `panel/alerts/channels/${hook.id}/test/`, auth, {});
    expect(test.statusCode).toBe(202);
    await settle(server, loop);
    const calls = stand.of('hook').slice(before);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    expect(calls[2]!.body).toMatchObject({ type: 'test', text: 'This is a test message from Didban.' });
    const [row] = await deliveriesOf(server, hook.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200, error: null });
  }, 30_000);
});

describe('alerts: channels and rules', () => {
  it('refuses bad input in the caller’s language and stores nothing', async () => {
    const { auth, owner } = await setup();
    const bad = await call(
      'POST',
      'panel/alerts/channels/',
      { ...owner.auth, 'accept-language': 'fa' },
      {
        name: 'x',
        kind: 'telegram',
        settings: { chat_id: '' },
        secrets: { token: '' },
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'settings.chat_id': ['شناسه گفتگو الزامی است'],
      'secrets.token': ['توکن الزامی است'],
    });
    const rule = await call('POST', 'panel/alerts/rules/', auth, {
      name: 'r',
      triggers: [],
      channel_ids: [],
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().errors).toMatchObject({
      triggers: ['Choose at least one trigger'],
      channel_ids: ['Choose at least one channel'],
    });
    // A destination inside an internal range the operator did not open (10.0.0.0/8 here).
    const internal = await call('POST', 'panel/alerts/channels/', auth, {
      name: 'LAN',
      kind: 'webhook',
      secrets: { url: 'http://10.1.2.3/hook' },
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().errors).toEqual({
      'secrets.url': ['This address is in a network the server may not send to.'],
    });
    expect((await call('GET', 'panel/alerts/channels/', auth)).json().data).toEqual([]);
  });
});

describe('alerts: a rule names only its own workspace’s groups and channels', () => {
  it('another workspace’s asset group or channel is refused in fa and en, on add and on change; nothing is stored', async () => {
    const mine = await setup();
    const theirs = await setup();
    const group = (auth: Headers, name: string) =>
      call('POST', 'panel/assets/', auth, { name, roots: `${name.toLowerCase()}.test` }).then(
        (r) => r.json().data as { id: string },
      );
    const myGroup = await group(mine.auth, 'Mine');
    const theirGroup = await group(theirs.auth, 'Theirs');
    const myHook = await channel(mine.auth, {
      name: 'Hook',
      kind: 'webhook',
      secrets: { url: `${stand.base}/hook/own-groups` },
    });
    const theirHook = await channel(theirs.auth, {
      name: 'Their hook',
      kind: 'webhook',
      secrets: { url: `${stand.base}/hook/their-groups` },
    });
    const rule = (lang: 'fa' | 'en', groupIds: string[], channelIds = [myHook.id]) =>
      call(
        'POST',
        'panel/alerts/rules/',
        { ...mine.owner.auth, 'accept-language': lang },
        { name: 'Watch', triggers: ['asset_new'], asset_group_ids: groupIds, channel_ids: channelIds },
      );

    const en = await rule('en', [myGroup.id, theirGroup.id]);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      asset_group_ids: ['This asset group does not exist in the current workspace.'],
    });
    const fa = await rule('fa', [theirGroup.id]);
    expect(fa.statusCode).toBe(400);
    expect(fa.json().errors).toEqual({ asset_group_ids: ['این گروه دارایی در فضای کاری فعلی وجود ندارد.'] });
    const foreignChannel = await rule('en', [myGroup.id], [theirHook.id]);
    expect(foreignChannel.statusCode).toBe(400);
    expect(foreignChannel.json().errors).toEqual({
      channel_ids: ['This channel does not exist in the current workspace.'],
    });
    expect((await call('GET', 'panel/alerts/rules/', mine.auth)).json().data).toEqual([]);

    // Its own group is accepted; changing the rule to another workspace's group leaves it as it was.
    const ok = await rule('en', [myGroup.id]);
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().data.id as string;
    const change = await call('PATCH', `panel/alerts/rules/${id}/`, mine.auth, {
      asset_group_ids: [theirGroup.id],
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toEqual({
      asset_group_ids: ['This asset group does not exist in the current workspace.'],
    });
    const [stored] = (await call('GET', 'panel/alerts/rules/', mine.auth)).json().data;
    expect(stored).toMatchObject({ id, asset_group_ids: [myGroup.id], channel_ids: [myHook.id] });
  });
});
