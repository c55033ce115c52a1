import { startWorker, type WorkerHandle } from '@didban/worker';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertLoop } from '../src/alerts/alert-loop.js';
import { alertDeliveries, assets, enumerationHistories } from '../src/db/schema.js';
import { type AlertStandIns, type Received, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { settle, startTestAlertLoop } from './helpers/alerts.js';
import { type Lab, startLab } from './helpers/lab.js';
import { type SmtpStandIn, startSmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createWorker } from './helpers/workers.js';

// Issue 20's "done when" end to end: a real worker discovers and scans the lab, the lab changes
// through its control API (a new host, a new port, a planted weakness), and every channel — each
// chat service and the webhook once in Persian and once in English, email by recipient language,
// Jira and GitHub for findings — hears exactly one message per rule, saying what changed.
const ZONE = 'lab.didban.test';
const NEW_HOST = `blog.${ZONE}`; // both in the bundled wordlist, so discovery finds them itself
const SITE = `shop.${ZONE}`;
const EMAILS = { en: 'ops@example.com', fa: 'sara@example.com' } as const;
type Lang = 'fa' | 'en';

let lab: Lab;
let server: TestServer;
let serverUrl: string;
let stand: AlertStandIns;
let smtp: SmtpStandIn;
let loop: AlertLoop;
let worker: WorkerHandle | undefined;

beforeAll(async () => {
  // A small lab: the root with a web site, and a clean weak site waiting for its weakness.
  lab = await startLab({ plantDefaults: false });
  await lab.control.addHost({ name: ZONE, services: [{ port: 80, kind: 'nginx-home' }] });
  await lab.weaknesses.addSite(SITE);
  stand = await startAlertStandIns();
  smtp = await startSmtpStandIn();
  server = await createTestServer({
    DIDBAN_TASK_LEASE_SECONDS: '10',
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_RETRY_BASE_SECONDS: '0.05',
    // The test ticks the loop itself once each run is over (its own timer may tick too: events
    // are recorded whole when a run or a finding is, so an early pass sends nothing twice).
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_SMTP_URL: smtp.url,
    DIDBAN_PUBLIC_URL: 'https://didban.example',
  });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  loop = await startTestAlertLoop(server);
}, 60_000);

afterAll(async () => {
  worker?.kill();
  await loop?.stop();
  await server?.close();
  await stand?.close();
  await smtp?.close();
  await lab?.stop();
}, 60_000);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The lab's control API over HTTP, as an operator (or a later planting script) would drive it. */
async function control(path: string, body: object = {}) {
  const response = await fetch(`${lab.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** The group's discoveries, newest first, once none is running any more. */
async function discoveriesDone(groupId: string, count: number) {
  return until(`discovery ${count} of the group`, async () => {
    const rows = await server.db
      .select()
      .from(enumerationHistories)
      .where(eq(enumerationHistories.group_id, groupId))
      .orderBy(desc(enumerationHistories.created_at));
    return rows.length === count && rows.every((h) => h.status !== 'running') && rows;
  });
}

/** One chat or webhook message as its reader sees it: which channel, the title and the lines. */
type Seen = { channel: string; title: string; lines: string[] };
const bullets = (text: string) => text.split('\n').map((l) => l.replace(/^• /, ''));
function seen(r: Received): Seen {
  const path = r.path.replace(/\?.*$/, '');
  switch (r.service) {
    case 'hook':
      return { channel: path, title: r.body.title, lines: r.body.text.split('\n') };
    case 'slack':
      return { channel: path, title: r.body.blocks[0].text.text, lines: bullets(r.body.blocks[1].text.text) };
    case 'discord':
      return { channel: path, title: r.body.embeds[0].title, lines: bullets(r.body.embeds[0].description) };
    case 'telegram': {
      const [title, text] = r.body.text.split('\n\n');
      return { channel: `telegram ${r.body.chat_id}`, title, lines: bullets(text) };
    }
    case 'teams': {
      const [title, ...lines] = r.body.attachments[0].content.body.map((b: { text: string }) => b.text);
      return { channel: path, title, lines: lines.map((l: string) => l.replace(/^• /, '')) };
    }
    default:
      throw new Error(`not a message service: ${r.service}`);
  }
}
const messagesOn = (channel: string) =>
  stand.received
    .filter((r) => ['hook', 'slack', 'discord', 'telegram', 'teams'].includes(r.service))
    .map(seen)
    .filter((m) => m.channel === channel)
    .map((m) => `${m.title} | ${m.lines.join(' / ')}`)
    .sort();
const alertMailTo = (address: string) => smtp.received.filter((m) => m.to[0] === address);

/** What each rule says about the lab change, as its reader must read it. */
function expected(lang: Lang, matchedAt: string | null): string[] {
  const en = [
    `Didban: New hosts — 1 event(s) | New asset: ${NEW_HOST}:80`,
    `Didban: Open ports — 1 event(s) | Port opened: ${ZONE}:8080`,
    ...(matchedAt
      ? [
          `Didban: Findings — 1 event(s) | New medium finding: Git repository configuration exposed on ${matchedAt}`,
        ]
      : []),
  ];
  const fa = [
    `دیدبان: New hosts — ۱ رویداد | دارایی جدید: ${NEW_HOST}:80`,
    `دیدبان: Open ports — ۱ رویداد | پورت باز شد: ${ZONE}:8080`,
    ...(matchedAt
      ? [
          `دیدبان: Findings — ۱ رویداد | یافته جدید (medium): Git repository configuration exposed روی ${matchedAt}`,
        ]
      : []),
  ];
  return (lang === 'fa' ? fa : en).sort();
}

describe('alerts from a real lab change', () => {
  it('a new host, a new port and a planted weakness: one message per rule on every channel, in fa and en', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const key = (await createWorker(server, owner.auth, { name: 'lab-worker' })).api_key;
    worker = startWorker({
      serverUrl,
      apiKey: key,
      resolvers: [lab.resolver],
      taskIntervalSeconds: 0.2,
      // Generous probe limits: this lab has no hanging service, and the machine may be busy.
      httpxTimeoutSeconds: 10,
      backoffMinMs: 100,
      backoffMaxMs: 500,
    });

    // Every message channel twice, once per language; one mail channel whose recipients differ.
    const s = stand.base;
    const channelIds: Record<string, string> = {};
    const add = async (label: string, body: object) => {
      const response = await call('POST', 'panel/alerts/channels/', auth, { name: label, ...body });
      expect(response.statusCode, response.body).toBe(201);
      channelIds[label] = response.json().data.id;
    };
    const chatChannels: { label: string; lang: Lang; key: string }[] = [];
    for (const lang of ['fa', 'en'] as const) {
      const chats: [string, string, object][] = [
        ['webhook', `/hook/${lang}`, { secrets: { url: `${s}/hook/${lang}`, signing_secret: 'sign-me' } }],
        ['slack', `/slack/services/T0/B0/${lang}`, { secrets: { url: `${s}/slack/services/T0/B0/${lang}` } }],
        [
          'discord',
          `/discord/api/webhooks/1/${lang}`,
          { secrets: { url: `${s}/discord/api/webhooks/1/${lang}` } },
        ],
        [
          'telegram',
          `telegram -100${lang === 'fa' ? 1 : 2}`,
          {
            settings: { chat_id: `-100${lang === 'fa' ? 1 : 2}`, api_url: `${s}/telegram` },
            secrets: { token: 'tg-token' },
          },
        ],
        ['teams', `/teams/workflows/${lang}`, { secrets: { url: `${s}/teams/workflows/${lang}` } }],
      ];
      for (const [kind, channelKey, body] of chats) {
        const label = `${kind} ${lang}`;
        await add(label, { kind, language: lang, ...body });
        chatChannels.push({ label, lang, key: channelKey });
      }
    }
    await add('email', {
      kind: 'email',
      language: 'en',
      settings: { recipients: [EMAILS.en, { email: EMAILS.fa, language: 'fa' }] },
    });
    await add('jira', {
      kind: 'jira',
      language: 'en',
      settings: { api_url: `${s}/jira`, project_key: 'SEC', email: 'bot@example.com' },
      secrets: { token: 'jira-token' },
    });
    await add('github', {
      kind: 'github',
      language: 'fa',
      settings: { api_url: `${s}/github`, repo: 'acme/web' },
      secrets: { token: 'gh-token' },
    });
    const messageChannels = [...chatChannels.map((c) => channelIds[c.label]!), channelIds.email!];

    // The group on the lab; creating it starts the first discovery, the baseline.
    const created = await call('POST', 'panel/assets/', auth, {
      name: 'Lab',
      roots: ZONE,
      port_setting: 'custom',
      custom_ports: '80,8080',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().data;
    const rule = async (body: object) => {
      const response = await call('POST', 'panel/alerts/rules/', auth, {
        asset_group_ids: [group.id],
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await rule({ name: 'New hosts', triggers: ['asset_new'], channel_ids: messageChannels });
    await rule({ name: 'Open ports', triggers: ['port_opened'], channel_ids: messageChannels });
    await rule({
      name: 'Findings',
      triggers: ['finding_new'],
      min_severity: 'medium',
      channel_ids: [...messageChannels, channelIds.jira!, channelIds.github!],
    });

    const [baseline] = await discoveriesDone(group.id, 1);
    expect(baseline?.status).toBe('finished');
    const assetKeys = async () =>
      (await server.db.select().from(assets).where(eq(assets.group_id, group.id)))
        .map((a) => `${a.host}:${a.port}`)
        .sort();
    expect(await assetKeys()).toEqual([`${ZONE}:80`, `${SITE}:80`]);
    await settle(server, loop);
    expect(stand.received).toEqual([]);
    expect(alertMailTo(EMAILS.en)).toEqual([]);

    // The lab changes for real: a new host, a new port on the root, a weakness on the shop.
    await control('/hosts', { name: NEW_HOST, services: [{ port: 80, kind: 'wordpress' }] });
    await control(`/hosts/${ZONE}/services`, { port: 8080, kind: 'login' });
    await control(`/weaknesses/sites/${SITE}/git-config-exposure`);

    const again = await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id });
    expect(again.statusCode, again.body).toBe(201);
    const [second] = await discoveriesDone(group.id, 2);
    expect(second?.status).toBe('finished');
    expect(await assetKeys()).toEqual([`${NEW_HOST}:80`, `${ZONE}:80`, `${ZONE}:8080`, `${SITE}:80`].sort());
    await settle(server, loop);
    for (const c of chatChannels) expect(messagesOn(c.key), c.label).toEqual(expected(c.lang, null));
    expect(stand.of('jira')).toEqual([]);
    expect(stand.of('github')).toEqual([]);

    // A scan of the group finds the planted weakness (and nothing on the clean sites).
    const scan = await call('POST', 'panel/scans/', auth, {
      name: 'Lab scan',
      asset_group: [group.id],
      template_ids: ['public:git-config-exposure'],
    });
    expect(scan.statusCode, scan.body).toBe(201);
    const scanId = scan.json().data.id;
    await until('the scan', async () => {
      const status = (await call('GET', `panel/scans/${scanId}/`, auth)).json().data.status;
      return ['finished', 'failed', 'cancelled'].includes(status) && status;
    });
    const vulns = (await call('GET', 'panel/vulnerabilities/?page_size=100', auth)).json().data.results;
    expect(
      vulns.map(
        (v: { template_id: string; host: string; port: number }) => `${v.template_id} ${v.host}:${v.port}`,
      ),
    ).toEqual([`git-config-exposure ${SITE}:80`]);
    const matchedAt: string = vulns[0].matched_at;
    expect(matchedAt).toMatch(/^http:\/\/shop\.lab\.didban\.test(:80)?\/\.git\/config$/);
    await settle(server, loop);

    for (const c of chatChannels) expect(messagesOn(c.key), c.label).toEqual(expected(c.lang, matchedAt));

    // Email: one message per rule to each recipient, each in the recipient's language.
    for (const lang of ['en', 'fa'] as const) {
      const mails = alertMailTo(EMAILS[lang]);
      expect(mails, lang).toHaveLength(3);
      const lines = expected(lang, matchedAt).map((m) => m.split(' | ')[1]!);
      for (const line of lines)
        expect(
          mails.filter((m) => m.decoded.includes(line)),
          line,
        ).toHaveLength(1);
      for (const m of mails) expect(m.decoded).toContain(lang === 'fa' ? 'dir="rtl"' : 'dir="ltr"');
    }

    // Trackers: one issue each for the finding, described in the channel's language.
    const title = `[medium] Git repository configuration exposed — ${SITE}:80`;
    expect(stand.of('jira').map((r) => r.body.fields.summary)).toEqual([title]);
    expect(stand.of('jira')[0]!.body.fields.description).toContain(
      `New medium finding: Git repository configuration exposed on ${matchedAt}`,
    );
    expect(stand.of('github').map((r) => r.body.title)).toEqual([title]);
    expect(stand.of('github')[0]!.body.body).toContain(
      `یافته جدید (medium): Git repository configuration exposed روی ${matchedAt}`,
    );

    // The delivery log says the same: 3 rules × 11 message channels + 2 issues, all delivered.
    const log = await server.db.select().from(alertDeliveries);
    expect(log.map((d) => d.status)).toEqual(Array(35).fill('delivered'));
  }, 600_000);
});
