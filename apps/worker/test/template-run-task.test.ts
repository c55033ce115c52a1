import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEMPLATE_RUN_EVIDENCE_MAX, type TemplateRunResult } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTemplateRunTask, scanOptions } from '../src/template-run-task.js';

let target: Server;
const paced: number[] = [];
let url: string;
beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.url?.startsWith('/paced/')) paced.push(Date.now());
    if (req.url === '/big') res.end(`BIG-MARKER ${'x'.repeat(TEMPLATE_RUN_EVIDENCE_MAX * 2)}`);
    else res.end('small page');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(() => {
  target.closeAllConnections();
  target.close();
});

const yaml = (id: string, path: string, word: string) => `id: ${id}
info:
  name: ${id}
  author: didban
  severity: low
http:
  - method: GET
    path:
      - "{{BaseURL}}${path}"
    matchers:
      - type: word
        words:
          - "${word}"
`;

const headless = `id: browser-only
info:
  name: Browser only
  author: didban
  severity: info
headless:
  - steps:
      - action: navigate
        args:
          url: "{{BaseURL}}"
`;

async function run(templates: { id: string; yaml: string }[]) {
  const items: TemplateRunResult[] = [];
  const stats = await runTemplateRunTask(
    { run_id: 'r', templates, targets: [url], options: {} },
    new AbortController().signal,
    async (item) => {
      items.push(item);
    },
  );
  return { items, stats };
}

describe('template-run task on the worker', () => {
  it('posts a finding with trimmed evidence and a key that is the same on a second run', async () => {
    const first = await run([{ id: 'big', yaml: yaml('big-page', '/big', 'BIG-MARKER') }]);
    const second = await run([{ id: 'big', yaml: yaml('big-page', '/big', 'BIG-MARKER') }]);
    const finding = first.items.find((i) => i.type === 'finding');
    expect(finding).toMatchObject({ type: 'finding', template_id: 'big-page', matched_at: `${url}/big` });
    if (finding?.type !== 'finding') throw new Error('no finding');
    expect(finding.response?.length).toBe(TEMPLATE_RUN_EVIDENCE_MAX);
    expect(finding.evidence_truncated).toBe(true);
    expect(second.items.find((i) => i.type === 'finding')).toMatchObject({ key: finding.key });
    expect(first.stats).toMatchObject({ templates: 1, targets: 1, findings: 1 });
  });

  it('reports a template the engine does not run as skipped, with the reason', async () => {
    const { items } = await run([{ id: 'headless', yaml: headless }]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'skipped', template_id: 'browser-only' });
  });

  it("sends at the worker's rate limit when the task sets none, and the task's own when it does", async () => {
    const payload = { run_id: 'r', templates: [], targets: [] };
    expect(scanOptions({ ...payload, options: {} }, { rateLimit: 0 }).rateLimit).toBe(0);
    expect(scanOptions({ ...payload, options: { rate_limit: 20 } }, { rateLimit: 0 }).rateLimit).toBe(20);
    expect(scanOptions({ ...payload, options: {} }, {}).rateLimit).toBeUndefined();

    const paths = Array.from({ length: 6 }, (_, i) => `      - "{{BaseURL}}/paced/${i}"`).join('\n');
    const pacedYaml = yaml('paced', '/paced/0', 'never-there').replace(
      '      - "{{BaseURL}}/paced/0"',
      paths,
    );
    paced.length = 0;
    await runTemplateRunTask(
      { run_id: 'r', templates: [{ id: 'paced', yaml: pacedYaml }], targets: [url], options: {} },
      new AbortController().signal,
      async () => {},
      { rateLimit: 3 },
    );
    // Six requests at three a second cannot all go out within the first second.
    expect(paced).toHaveLength(6);
    expect(paced.at(-1)! - paced[0]!).toBeGreaterThanOrEqual(900);
  });
});
