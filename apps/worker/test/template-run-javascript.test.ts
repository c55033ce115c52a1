/**
 * A template run task with a javascript template (nuclei/redis) against the machine's Redis on
 * loopback (DIDBAN_TEST_REDIS=host:port elsewhere): the worker relays the finding as it relays
 * http ones, with protocol `javascript` and the address it connected to.
 */
import type { TemplateRunResult } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { runTemplateRunTask } from '../src/template-run-task.js';

const [host, port] = (process.env.DIDBAN_TEST_REDIS ?? '127.0.0.1:6379').split(':') as [string, string];

const yaml = `id: redis-unauthenticated
info:
  name: Redis without authentication
  author: didban
  severity: high
javascript:
  - pre-condition: isPortOpen(Host, Port)
    code: |
      Export(require('nuclei/redis').GetServerInfo(Host, Port));
    args:
      Host: "{{Host}}"
      Port: "${port}"
    matchers:
      - type: word
        words: [redis_version]
`;

describe('template run task: javascript templates', { timeout: 120_000 }, () => {
  it('reports an unauthenticated Redis found through the template port', async () => {
    const items: TemplateRunResult[] = [];
    const stats = await runTemplateRunTask(
      { run_id: 'r', templates: [{ id: 'redis-unauthenticated', yaml }], targets: [host], options: {} },
      new AbortController().signal,
      async (item) => {
        items.push(item);
      },
    );
    expect(items.filter((i) => i.type !== 'finding')).toEqual([]);
    expect(items).toEqual([
      expect.objectContaining({
        type: 'finding',
        template_id: 'redis-unauthenticated',
        protocol: 'javascript',
        matched_at: `${host}:${port}`,
        severity: 'high',
      }),
    ]);
    expect(items[0]).toMatchObject({ response: expect.stringContaining('redis_version:') });
    expect(stats).toMatchObject({ templates: 1, findings: 1, failures: 0 });
  });
});
