import { describe, expect, it } from 'vitest';
import { runTemplateRunTask, scanOptions } from '../src/template-run-task.js';

const selfContained = `id: third-party-check
info: {name: third-party check, author: didban, severity: info}
self-contained: true
http:
  - method: GET
    path: ["http://127.0.0.1:9/never"]
    matchers:
      - type: status
        status: [200]
`;

const payload = {
  run_id: 'r',
  templates: [{ id: 'third-party-check', yaml: selfContained }],
  targets: ['http://127.0.0.1:9'],
};

describe('capability gates on a worker', () => {
  it('opens the self-contained gate only when the scan asks, and says which runner it is', () => {
    expect(scanOptions({ ...payload, options: {} }, {})).toMatchObject({ runner: 'self-hosted' });
    expect(scanOptions({ ...payload, options: {} }, {}).enableSelfContained).toBeUndefined();
    expect(
      scanOptions({ ...payload, options: { self_contained: true } }, { runner: 'builtin' }),
    ).toMatchObject({
      runner: 'builtin',
      enableSelfContained: true,
    });
  });

  it('reports a self-contained template the scan did not open as skipped by its gate', async () => {
    const items: unknown[] = [];
    await runTemplateRunTask({ ...payload, options: {} }, new AbortController().signal, async (item) => {
      items.push(item);
    });
    expect(items).toEqual([
      {
        type: 'skipped',
        template_id: 'third-party-check',
        target: null,
        message: 'capability gate "self-contained" is closed (the scan did not ask for it)',
      },
    ]);
  });
});
