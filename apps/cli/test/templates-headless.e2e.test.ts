/**
 * `didban templates run --headless` (nuclei's `-headless`) on the real binary: the community's
 * headless template finds the DOM XSS planted in the lab's client-side-rendered site; without the
 * flag it is skipped naming the gate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsrSite, startCsrSite } from '../../../scripts/lab/src/csr-site.js';
import { runBinary } from './helpers/binary.js';

const template = fileURLToPath(
  new URL('../../../packages/engine/test/nuclei/headless/fixtures/retool-dom-xss.yaml', import.meta.url),
);
let site: CsrSite;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  site = await startCsrSite();
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-headless-'));
  env = {
    DIDBAN_CONFIG_DIR: join(dir, 'config'),
    DIDBAN_LANG: 'en',
    // The source instead of the bundle when the caller asks (a bundle that does not build).
    DIDBAN_CLI_FROM_SOURCE: process.env.DIDBAN_CLI_FROM_SOURCE ?? '',
  };
});
afterAll(async () => {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('templates run --headless', () => {
  it('-headless runs the template in Chromium and prints nuclei’s headless result', async () => {
    for (const flag of ['-headless', '--headless']) {
      const result = await runBinary(
        ['templates', 'run', '-t', template, '-u', site.url, flag, '-jsonl'],
        env,
        {
          cwd: dir,
        },
      );
      expect(result.exitCode).toBe(0);
      const found = result.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        'template-id': 'retool-dom-xss',
        type: 'headless',
        host: '127.0.0.1',
      });
      expect(found[0]['matched-at']).toContain('/oauth/authorize#');
    }
  }, 120_000);

  it('without the flag the template is skipped, naming the gate and the flag', async () => {
    const result = await runBinary(['templates', 'run', '-t', template, '-u', site.url], env, { cwd: dir });
    expect(result.stderr).toContain(
      'skipped retool-dom-xss: capability gate "headless" is closed (open it with --headless (-headless))',
    );
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No findings.');
  }, 60_000);
});
