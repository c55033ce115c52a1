import { describe, expect, it } from 'vitest';
import { collectScan, loadTemplates } from '../../src/nuclei/index.js';
import { CAPABILITY_GATES, gateSkipReason } from '../../src/nuclei/trust/gates.js';

const selfContained = `id: token-spray
info: {name: token check, author: didban, severity: info}
self-contained: true
http:
  - method: GET
    path: ["http://127.0.0.1:9/never"]
    matchers:
      - type: status
        status: [200]
`;

const codeTemplate = `id: local-code
info: {name: local code, author: didban, severity: info}
code:
  - engine: [sh]
    source: echo hi
`;

describe('capability gates', () => {
  it('is one table of six gates, each with a default per runner, a flag and an env name', () => {
    expect(CAPABILITY_GATES.map((g) => g.name)).toEqual([
      'self-contained',
      'headless',
      'code',
      'file',
      'dast',
      'global-matchers',
    ]);
    for (const g of CAPABILITY_GATES) {
      expect(Object.keys(g.defaults).sort()).toEqual(['builtin', 'cli', 'self-hosted']);
      expect(g.flag).toMatch(/^--[a-z-]+ \(-[a-z]+\)$/);
      expect(g.env).toMatch(/^DIDBAN_[A-Z_]+$/);
    }
    // The built-in worker shares the server's machine: it never runs code or reads files.
    expect(CAPABILITY_GATES.find((g) => g.name === 'code')!.defaults.builtin).toBe('never');
    expect(CAPABILITY_GATES.find((g) => g.name === 'file')!.defaults.builtin).toBe('never');
  });

  it('skips a self-contained template naming the gate and how this runner opens it', async () => {
    const { templates } = loadTemplates([{ content: selfContained }]);
    const cli = await collectScan({ templates, targets: ['http://127.0.0.1:9'] });
    expect(cli.skipped).toEqual([
      expect.objectContaining({
        templateId: 'token-spray',
        reason: 'capability gate "self-contained" is closed (open it with --enable-self-contained (-esc))',
      }),
    ]);
    const worker = await collectScan({
      templates,
      targets: ['http://127.0.0.1:9'],
      options: { runner: 'self-hosted' },
    });
    expect(worker.skipped[0]!.reason).toBe(
      'capability gate "self-contained" is closed (the scan did not ask for it)',
    );
  });

  it('names the gate of a template refused at load (code)', () => {
    const { rejected } = loadTemplates([{ content: codeTemplate }]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBe('capability gate "code": unsigned');
    expect(gateSkipReason('code', 'builtin')).toBe(
      'capability gate "code" is closed (this runner never opens it)',
    );
  });
});
