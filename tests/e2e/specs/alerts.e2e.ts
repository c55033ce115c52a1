import { createHmac } from 'node:crypto';
import { createApiClient, formatNumber, type Session } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AlertStandIns, startAlertStandIns } from '../../../apps/server/test/helpers/alert-stand-ins';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { alertText } from '../../../apps/web/src/pages/settings/alerts/alerts-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { E2E_ALERT_RECEIVER_HOST, e2eLabSubnet } from '../support/lab-range';
import { createTeam, newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 20 in the browser: an owner adds a signed webhook channel (a receiver on a loopback
 * address the e2e server may reach, DIDBAN_ALERTS_ALLOW), sends a test, adds a rule for one asset
 * group, and a real change in the lab (a port opened, found by the server's built-in worker) makes
 * exactly one delivery: in the panel's log with its status and response code, and at the receiver
 * as one message whose HMAC checks out. A plain member of a team reads the page, changes nothing.
 */
const baseUrl = inject('baseUrl');
const DISCOVERY_MS = 180_000;
const SIGNING = 'e2e-signing-secret';
// The settings menu's entry, written out so a changed wording is a deliberate test change.
const NAV = { fa: 'هشدارها', en: 'Alerts' } as const;

let browser: Browser;
let lab: Lab;
let receiver: AlertStandIns;

beforeAll(async () => {
  browser = await launchBrowser();
  lab = await startLab({ subnet: e2eLabSubnet(), plantDefaults: false });
  receiver = await startAlertStandIns({ host: E2E_ALERT_RECEIVER_HOST });
});
afterAll(async () => {
  await browser?.close();
  await lab?.stop();
  await receiver?.close();
});

const clientOf = (session: Session, workspace: string | null = null) =>
  createApiClient({
    baseUrl,
    getToken: () => session.access,
    getWorkspace: () => workspace,
    getLanguage: () => 'en',
  });

/** The receiver's messages for one channel's URL path. */
const hooksAt = (path: string) => receiver.of('hook').filter((r) => r.path === path);

/** The signature the server must have sent for this message. */
const expectedSignature = (timestamp: string, raw: string) =>
  `sha256=${createHmac('sha256', SIGNING).update(`${timestamp}.${raw}`).digest('hex')}`;

describe.each(['fa', 'en'] as const)('alerts in %s', (lang) => {
  const t = alertText(lang);

  it('webhook channel → test → rule for a group → a port opens in the lab → one delivery, logged and signed', async () => {
    const owner = await register(baseUrl, newAccount(`alert${lang}`));
    const api = clientOf(owner);
    // A lab host of its own, watched by its address: the server's built-in worker (which resolves
    // through the system, not the lab's DNS) discovers and rediscovers it, no worker of the spec's.
    const site = `alerts-${lang}.${lab.manifest().zone}`;
    const host = await lab.control.addHost({ name: site, services: [{ port: 80, kind: 'nginx-default' }] });
    const address = host.ips[0]!;
    const groupName = `Watched ${lang}`;
    const group = await api.assets.createGroup({
      name: groupName,
      roots: [address],
      port_setting: 'custom',
      custom_ports: '80,8080',
      scan_frequency: 'none',
    });
    // Another group, so the rule's choice of group matters.
    await api.assets.createGroup({ name: `Other ${lang}`, roots: [`other-${lang}.example`] });
    await expect
      .poll(async () => (await api.assets.getGroup(group.id)).status, {
        timeout: DISCOVERY_MS,
        interval: 1_000,
      })
      .toBe('finished');

    const hookPath = `/hook/${lang}`;
    const channelName = `Ops hook ${lang}`;
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      // --- reached from the settings menu ---
      await openSignedIn(page, owner, '/settings');
      await page.getByRole('navigation').getByRole('link', { name: NAV[lang], exact: true }).click();
      await page.waitForURL('**/settings/alerts');
      await page.getByRole('heading', { name: t('title'), exact: true }).waitFor();
      await screenshot(page, `alerts-empty-${lang}`);

      // --- a signed webhook channel, and its test ---
      const channelForm = page.getByTestId('channel-form');
      await channelForm.getByLabel(t('name'), { exact: true }).fill(channelName);
      await channelForm.getByLabel(t('url'), { exact: true }).fill(`${receiver.base}${hookPath}`);
      await channelForm.getByLabel(t('signing'), { exact: true }).fill(SIGNING);
      await channelForm.getByRole('button', { name: t('addChannel') }).click();
      const channelRow = page
        .getByTestId('channel-list')
        .getByRole('listitem')
        .filter({ hasText: channelName });
      await channelRow.waitFor();
      // The URL is shown masked, never in full.
      expect(await channelRow.textContent()).not.toContain(hookPath);
      await channelRow.getByRole('button', { name: `${t('test')} ${channelName}` }).click();
      const rows = page.getByTestId('delivery-row');
      const testRow = rows.filter({ hasText: t('testMessage') });
      await expect.poll(() => testRow.getAttribute('data-status'), { timeout: 20_000 }).toBe('delivered');
      expect(await testRow.getByTestId('delivery-code').textContent()).toBe(formatNumber(200, lang));
      // The channel by its name, whole on hover even where the column cuts it short.
      const channelCell = testRow.getByTestId('delivery-channel');
      expect(await channelCell.textContent()).toBe(channelName);
      expect(await channelCell.getAttribute('title')).toBe(channelName);
      await testRow.getByText(t('status.delivered'), { exact: true }).waitFor();
      expect(hooksAt(hookPath)).toHaveLength(1);
      expect(hooksAt(hookPath)[0]!.body).toMatchObject({ version: 1, type: 'test', language: lang });

      // --- a rule: new asset or port opened, in the watched group only, to the hook ---
      const ruleForm = page.getByTestId('rule-form');
      await ruleForm.getByLabel(t('name'), { exact: true }).fill(`Exposure ${lang}`);
      await ruleForm.getByLabel(t('trigger.asset_new'), { exact: true }).check();
      await ruleForm.getByLabel(t('trigger.port_opened'), { exact: true }).check();
      const picker = ruleForm.getByTestId('rule-groups');
      await picker.getByPlaceholder(t('groupSearch')).fill(groupName);
      await picker.getByRole('checkbox', { name: groupName, exact: true }).check();
      await ruleForm.getByLabel(channelName, { exact: true }).check();
      // The throttle in the reader's digits: typed as a Persian keyboard types it in fa.
      const throttle = ruleForm.getByLabel(t('throttle'), { exact: true });
      await throttle.fill(lang === 'fa' ? '۳۰۰' : '300');
      expect(await throttle.inputValue()).toBe(lang === 'fa' ? '۳۰۰' : '300');
      await ruleForm.getByRole('button', { name: t('addRule') }).click();
      const ruleRow = page
        .getByTestId('rule-list')
        .getByRole('listitem')
        .filter({ hasText: `Exposure ${lang}` });
      await ruleRow.waitFor();
      expect(await ruleRow.getByTestId('rule-groups-shown').textContent()).toBe(groupName);
      const [rule] = await api.alerts.listRules();
      expect(rule).toMatchObject({
        asset_group_ids: [group.id],
        triggers: ['asset_new', 'port_opened'],
        throttle_seconds: 300,
      });
      await screenshot(page, `alerts-rule-${lang}`);

      // --- the lab changes: a port opens; the built-in worker rediscovers the group ---
      await lab.control.addService(site, { port: 8080, kind: 'login' });
      const run = await api.assets.rediscover(group.id);
      await expect
        .poll(async () => (await api.assets.enumerationStatus(run.history_id)).status, {
          timeout: DISCOVERY_MS,
          interval: 1_000,
        })
        .toBe('finished');

      // --- exactly one delivery: in the log, delivered with 200, and one signed message ---
      const alertRow = rows.filter({ hasText: t('trigger.port_opened') });
      await expect.poll(() => alertRow.getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
      expect(await alertRow.getByTestId('delivery-code').textContent()).toBe(formatNumber(200, lang));
      const log = (await api.alerts.listDeliveries()).results;
      expect(log.map((d) => [d.purpose, d.status, d.response_code, d.event_kinds])).toEqual([
        ['message', 'delivered', 200, ['port_opened']],
        ['test', 'delivered', 200, ['test']],
      ]);
      expect(await rows.count()).toBe(2);
      const messages = hooksAt(hookPath);
      expect(messages).toHaveLength(2);
      const alert = messages[1]!;
      expect(alert.body).toMatchObject({
        version: 1,
        type: 'alert',
        language: lang,
        rule: { name: `Exposure ${lang}` },
        idempotency_key: log[0]!.idempotency_key,
      });
      expect(alert.body.text).toContain(`${address}:8080`);
      expect(alert.headers['x-didban-signature']).toBe(
        expectedSignature(String(alert.headers['x-didban-timestamp']), alert.raw),
      );
      await screenshot(page, `alerts-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);

  it('a plain member of a team reads channels, rules and the log, and cannot change them', async () => {
    const ownerAccount = newAccount(`aown${lang}`);
    const memberAccount = newAccount(`amem${lang}`);
    const owner = await register(baseUrl, ownerAccount);
    const member = await register(baseUrl, memberAccount);
    const teamId = await createTeam(baseUrl, owner, `Alerts ${lang}`);
    const ownerApi = clientOf(owner, teamId);
    await ownerApi.teams.invite(teamId, { email_or_username: memberAccount.username, role: 'user' });
    const memberApi = clientOf(member);
    const [invitation] = (await memberApi.invitations.mine()).results;
    await memberApi.invitations.accept(invitation?.id ?? '');
    const channel = await ownerApi.alerts.createChannel({
      name: `Team hook ${lang}`,
      kind: 'webhook',
      language: lang,
      secrets: { url: `${receiver.base}/hook/team-${lang}` },
    });
    await ownerApi.alerts.createRule({
      name: `Team rule ${lang}`,
      triggers: ['scan_failed'],
      channel_ids: [channel.id],
    });

    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/favicon.svg');
      await page.evaluate((id) => localStorage.setItem('didban.workspace', id), teamId);
      await openSignedIn(page, member, '/settings/alerts');
      await page.getByText(t('readOnly')).waitFor();
      await page.getByTestId('channel-list').getByText(`Team hook ${lang}`).waitFor();
      const ruleRow = page
        .getByTestId('rule-list')
        .getByRole('listitem')
        .filter({ hasText: `Team rule ${lang}` });
      await ruleRow.waitFor();
      expect(await ruleRow.getByTestId('rule-groups-shown').textContent()).toBe(t('allGroups'));
      expect(await page.getByTestId('channel-form').count()).toBe(0);
      expect(await page.getByTestId('rule-form').count()).toBe(0);
      for (const name of [t('test'), t('delete')])
        expect(await page.getByRole('button', { name, exact: false }).count()).toBe(0);
      await screenshot(page, `alerts-member-${lang}`);
      // The server is the judge: the member's own request is refused.
      await expect(clientOf(member, teamId).alerts.testChannel(channel.id)).rejects.toMatchObject({
        status: 403,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
