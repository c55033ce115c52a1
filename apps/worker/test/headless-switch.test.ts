/**
 * The worker's headless switch: a headless template in a template-run task is skipped with the
 * gate's reason unless the worker runs with --headless (the built-in one with
 * DIDBAN_BUILTIN_WORKER_HEADLESS=1); with it, the worker's one Chromium finds the lab's DOM XSS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TemplateRunResult } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrSite, startCsrSite } from '../../../scripts/lab/src/csr-site.js';
import { runTemplateRunTask, workerBrowserPool } from '../src/template-run-task.js';

const yaml = readFileSync(
  join(import.meta.dirname, '../../../packages/engine/test/nuclei/headless/fixtures/retool-dom-xss.yaml'),
  'utf8',
);

let site: CsrSite;
beforeAll(async () => {
  site = await startCsrSite();
});
afterAll(async () => {
  await workerBrowserPool().close();
  await site.stop();
});

async function run(context: Parameters<typeof runTemplateRunTask>[3]): Promise<TemplateRunResult[]> {
  const items: TemplateRunResult[] = [];
  await runTemplateRunTask(
    { run_id: 'r1', templates: [{ id: 'retool-dom-xss', yaml }], targets: [site.url] },
    new AbortController().signal,
    async (item) => {
      items.push(item);
    },
    context,
  );
  return items;
}

describe('worker headless switch', () => {
  it('without it the template is skipped, naming the gate and the flag', async () => {
    const items = await run({ runner: 'self-hosted' });
    expect(items).toEqual([
      expect.objectContaining({
        type: 'skipped',
        template_id: 'retool-dom-xss',
        message: 'capability gate "headless" is closed (open it with --headless (-headless))',
      }),
    ]);
  });

  it('the built-in worker names the server operator’s switch', async () => {
    const items = await run({ runner: 'builtin' });
    expect(items).toEqual([
      expect.objectContaining({
        type: 'skipped',
        message: 'capability gate "headless" is closed (open it with DIDBAN_BUILTIN_WORKER_HEADLESS=1)',
      }),
    ]);
  });

  it('with it the worker’s pooled Chromium finds the planted DOM XSS', async () => {
    const items = await run({ runner: 'builtin', headless: true });
    const findings = items.filter((i) => i.type === 'finding');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      template_id: 'retool-dom-xss',
      protocol: 'headless',
      severity: 'high',
    });
    expect(workerBrowserPool().stats().launches).toBe(1);
  }, 60_000);
});
