import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScopePolicy } from '../../src/scope/policy.js';
import { type Lab, startLab } from './helpers.js';

// Issue 34, item 14: the README and `pnpm demo` limit the built-in worker to the lab's /24
// (DIDBAN_BUILTIN_WORKER_ALLOW). The lab's passive-source stand-ins must live inside that range,
// or hosts only passive sources report are never found.
let lab: Lab;

beforeAll(async () => {
  lab = await startLab({ subnet: '127.77.9' });
});
afterAll(async () => {
  await lab?.stop();
});

describe('the lab’s passive sources under a lab-only scope', () => {
  it('are at addresses the lab-only scope allows, and answer there', async () => {
    const manifest = lab.manifest();
    const scope = createScopePolicy({ blockInternal: true, allow: `${manifest.subnet}.0/24` });
    for (const [name, base] of Object.entries(manifest.providers)) {
      const url = new URL(base);
      expect(scope.check(url.hostname, Number(url.port)), name).toBeNull();
    }
    const crtsh = new URL(`${manifest.providers.crtsh}/`);
    crtsh.searchParams.set('q', `%.${manifest.zone}`);
    crtsh.searchParams.set('output', 'json');
    const answer = await fetch(crtsh);
    expect(answer.status).toBe(200);
    const names = ((await answer.json()) as { name_value: string }[]).map((r) => r.name_value);
    expect(names).toContain(`jenkins.apps.${manifest.zone}`);
  });
});
