import type { ChildProcess } from 'node:child_process';
import { createApiClient, type Session } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AlertStandIns, startAlertStandIns } from '../../../apps/server/test/helpers/alert-stand-ins';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { foreignTextProblems } from '../support/fa-text';
import { E2E_ALERT_RECEIVER_HOST, e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { layoutProblems } from '../support/layout-checks';
import { newAccount, openTicket, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Every route of the panel at a phone (375 px) and a desktop (1440 px) width, in fa and en: the page
 * never scrolls sideways, its main heading is on screen, and in fa no raw translation key or Latin
 * digit is shown outside an isolated (dir="ltr"/"auto") fragment such as a host name.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let lab: Lab;
let receiver: AlertStandIns;
let owner: Session;
const ids = { group: '', scan: '', worker: '', team: '', ticket: '' };

const apiOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

let worker: ChildProcess | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  lab = await startLab({ subnet: e2eLabSubnet() });
  owner = await register(baseUrl, newAccount('walk'));
  const api = apiOf(owner);
  const site = `walk.${lab.manifest().zone}`;
  await lab.weaknesses.plant(site, 'dotenv-file-exposure');
  const workers = await api.workers.createGroup({ name: 'Lab workers' });
  const created = await api.workers.create({ name: 'walk-worker', group_id: workers.id });
  ids.worker = created.worker.id;
  worker = startLabWorker(baseUrl, lab, created.api_key);
  const group = await api.assets.createGroup({
    name: 'Walk group with a rather long name to test wrapping',
    roots: [site],
    port_setting: 'custom',
    custom_ports: '80,443',
    scan_frequency: 'none',
    worker_group: workers.id,
  });
  ids.group = group.id;
  const deadline = Date.now() + 180_000;
  while ((await api.assets.getGroup(group.id)).status !== 'finished') {
    if (Date.now() > deadline) throw new Error('the walk group was not discovered in time');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const scan = await api.scans.create({
    name: 'Walk scan',
    asset_group: [group.id],
    template_tags: ['exposure'],
    run_now: true,
  });
  ids.scan = scan.id;
  while ((await api.scans.get(scan.id)).latest_history?.status === 'running') {
    if (Date.now() > deadline + 120_000) throw new Error('the walk scan did not end in time');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const team = await apiOf(owner).teams.create({ name: 'Walk team' });
  ids.team = team.id;
  const licenses = await api.billing.licenses();
  const paid = licenses.results.find((l) => Number(l.price) > 0) ?? licenses.results[0];
  if (paid) await api.billing.requestPayment({ license_id: paid.id, provider: 'zarinpal' });
  ids.ticket = await openTicket(baseUrl, owner, 'Walk ticket about a long subject line');
  // /settings/alerts with a channel, a rule and a delivered test in its log, not only empty states.
  receiver = await startAlertStandIns({ host: E2E_ALERT_RECEIVER_HOST });
  const hook = await api.alerts.createChannel({
    name: 'Walk hook with a rather long name to test wrapping',
    kind: 'webhook',
    language: 'en',
    secrets: { url: `${receiver.base}/hook/walk-with-a-long-path-to-test-the-masked-address` },
  });
  await api.alerts.createChannel({
    name: 'Walk mail',
    kind: 'email',
    language: 'fa',
    settings: { recipients: ['security-operations-team@example.com'] },
  });
  await api.alerts.createRule({
    name: 'Walk rule with a rather long name to test wrapping',
    triggers: ['asset_new', 'port_opened', 'finding_new', 'scan_failed'],
    min_severity: 'high',
    asset_group_ids: [group.id],
    channel_ids: [hook.id],
  });
  await api.alerts.testChannel(hook.id);
  while ((await api.alerts.listDeliveries()).results[0]?.status !== 'delivered') {
    if (Date.now() > deadline + 180_000) throw new Error('the walk test message was not delivered in time');
    await new Promise((r) => setTimeout(r, 500));
  }
}, 300_000);

afterAll(async () => {
  await stopLabWorker(worker ?? null);
  await browser?.close();
  await lab?.stop();
  await receiver?.close();
});

const routes = () => [
  '/',
  '/scans',
  `/scans/${ids.scan}`,
  '/findings',
  '/assets/groups',
  '/assets/inventory',
  '/assets/technologies',
  `/assets/${ids.group}`,
  '/templates',
  '/workers',
  `/workers/${ids.worker}`,
  '/reports',
  '/settings',
  '/settings/teams',
  `/settings/teams/${ids.team}`,
  '/settings/support',
  `/settings/support/${ids.ticket}`,
  '/settings/billing',
  '/settings/order-history',
  '/settings/notifications',
  '/settings/alerts',
  '/settings/findings',
  '/no-such-page',
];

/** Elements wider than the window, named so a failure says what to fix. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const wide: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > width + 1 || box.left < -1) {
        // Content inside a scrolling frame is fine: only report what the page itself overflows by.
        let frame = el.parentElement;
        let framed = false;
        while (frame && frame !== document.body) {
          const style = getComputedStyle(frame);
          if (/(auto|scroll|hidden|clip)/.test(style.overflowX)) {
            framed = true;
            break;
          }
          frame = frame.parentElement;
        }
        if (!framed)
          wide.push(
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(box.left)}..${Math.round(box.right)}]`,
          );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wide: wide.slice(0, 8) };
  });

describe.each(['fa', 'en'] as const)('every route in %s', (lang) => {
  for (const width of [375, 1440]) {
    it(`fits ${width} px without sideways scrolling${lang === 'fa' ? ', with Persian digits and no raw keys' : ''}`, async () => {
      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      await page.setViewportSize({ width, height: 800 });
      const problems: string[] = [];
      try {
        await openSignedIn(page, owner, '/');
        for (const route of routes()) {
          await page.goto(route);
          const found = await page
            .locator('h1')
            .first()
            .waitFor()
            .then(() => true)
            .catch(() => false);
          if (!found) problems.push(`${route}: no heading`);
          await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
          await expect.poll(() => page.locator('[data-loading]').count(), { timeout: 30_000 }).toBe(0);
          const measured = await overflow(page);
          if (measured.scrollWidth > measured.innerWidth)
            problems.push(
              `${route}: ${measured.scrollWidth} > ${measured.innerWidth} (${measured.wide.join('; ')})`,
            );
          const box = found ? await page.locator('h1').first().boundingBox() : null;
          if (found && !box) problems.push(`${route}: heading hidden`);
          if (box && (box.x < 0 || box.x + box.width > width + 1))
            problems.push(`${route}: heading off screen`);
          const texts = await foreignTextProblems(page, lang);
          for (const t of texts) problems.push(`${route}: ${t}`);
          // What the walk in Chromium found on particular routes (support/layout-checks.ts).
          const pattern = route.replace(/\/[0-9a-f-]{36}$/, '/:id');
          for (const p of await layoutProblems(page, pattern, lang, width)) problems.push(`${route}: ${p}`);
          const name =
            route === '/'
              ? 'home'
              : route
                  .slice(1)
                  .replace(/[/]/g, '_')
                  .replace(/_[0-9a-f-]{36}/, '_id');
          await screenshot(page, `walk-${name}-${width}-${lang}`);
        }
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 400_000);
  }
});
