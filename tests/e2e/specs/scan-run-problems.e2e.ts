import { createApiClient, type Session } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assetResult } from '../../../apps/server/test/helpers/workers';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * A scan run's skipped templates and failures on the scan's page (issue 31): a worker driven by
 * hand over the worker protocol reports a closed capability gate, a headless skip and failures; the
 * panel lists template, target and reason (Persian in fa), folds the list after five, and fits a
 * 375 px phone.
 */
const baseUrl = inject('baseUrl');
const GATE = 'capability gate "self-contained" is closed (the scan did not ask for it)';
const HEADLESS = 'headless templates need a browser, which Didban workers do not run';
const GATE_FA = 'دروازهٔ توانایی «\u2068self-contained\u2069» بسته است (اسکن آن را نخواسته است)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function workerOf(key: string) {
  return async (path: string, body: object = {}) => {
    const response = await fetch(`${baseUrl}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
}

async function runWithProblems(owner: Session, host: string) {
  const api = createApiClient({
    baseUrl,
    getToken: () => owner.access,
    getLanguage: () => 'en',
    getWorkspace: () => null,
  });
  const group = await api.workers.createGroup({ name: `Hand ${host}` });
  const { api_key } = await api.workers.create({ name: `hand-${host}`, group_id: group.id });
  const worker = workerOf(api_key);
  const assets = await api.assets.createGroup({
    name: `Problems ${host}`,
    roots: [host],
    port_setting: 'custom',
    custom_ports: '443',
    scan_frequency: 'none',
    worker_group: group.id,
  });
  const discovery = (await worker('tasks/claim/')).task;
  await worker(`tasks/${discovery.id}/results/`, { seq: 0, items: [assetResult(host, 443)] });
  await worker(`tasks/${discovery.id}/complete/`, { stats: {} });
  await expect
    .poll(async () => (await api.assets.getGroup(assets.id)).status, { timeout: 60_000 })
    .toBe('finished');
  const scan = await api.scans.create({
    name: `Gates ${host}`,
    asset_group: [assets.id],
    template_ids: ['public:git-config-exposure'],
    template_tags: [],
  });
  const chunk = (await worker('tasks/claim/')).task;
  const target: string = chunk.payload.targets[0];
  await worker(`tasks/${chunk.id}/results/`, {
    seq: 1,
    items: [
      { type: 'skipped', template_id: 'token-spray', target: null, message: GATE },
      { type: 'skipped', template_id: 'screenshot', target: null, message: HEADLESS },
      ...Array.from({ length: 6 }, (_, i) => ({
        type: 'failure',
        template_id: `slow-endpoint-${i}`,
        target,
        message: `read timeout after 10 s on ${target}/very/long/path/that/must/wrap/on/a/phone/${i}`,
      })),
    ],
  });
  await worker(`tasks/${chunk.id}/complete/`, { stats: {} });
  return { scanId: (scan as { id: string }).id, target };
}

describe.each(['fa', 'en'] as const)('a scan run’s problems (%s)', (lang) => {
  it('lists the skipped templates and failures with their reasons, folded, at desktop and 375 px', async () => {
    const owner = await register(baseUrl, newAccount(`srp${lang}`));
    const { scanId, target } = await runWithProblems(owner, `problems-${lang}.example.test`);
    for (const size of ['desktop', 'mobile'] as const) {
      const { context, page, errors } = await openPage(browser, baseUrl, lang, size);
      try {
        if (size === 'mobile') await page.setViewportSize({ width: 375, height: 800 });
        await openSignedIn(page, owner, `/scans/${scanId}`);
        const block = page.getByTestId('run-problems');
        await block.waitFor();
        await expect
          .poll(() => page.getByTestId('run-problems-counts').textContent())
          .toBe(lang === 'fa' ? '۲ قالب رد شد · ۶ خطا' : '2 templates skipped · 6 failures');
        const reasons = await page.getByTestId('run-problem-reason').allTextContents();
        expect(reasons).toHaveLength(5);
        expect(reasons[0]).toBe(lang === 'fa' ? GATE_FA : GATE);
        expect(reasons[2]).toContain(`${target}/very/long/path`);
        await page.getByTestId('run-problems-toggle').click();
        expect(await page.getByTestId('run-problem').count()).toBe(8);
        // Nothing wider than the window: the page does not scroll sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `scan-run-problems-${lang}-${size}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 180_000);
});
