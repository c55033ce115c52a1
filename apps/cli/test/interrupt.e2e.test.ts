/**
 * Ctrl+C and Ctrl+D at a login prompt, on a pseudo-terminal: the real binary exits 130 with its
 * one line (they used to leave a promise unsettled: exit 13, nothing said).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInTerminal } from './helpers/terminal.js';

const dir = mkdtempSync(join(tmpdir(), 'didban-cli-interrupt-'));
const env = { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en', NO_COLOR: '1' };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('interrupting a prompt', () => {
  for (const [name, key] of [
    ['Ctrl+C', '\u0003'],
    ['Ctrl+D', '\u0004'],
  ] as const) {
    it(`${name} at the username prompt exits 130 with one line`, async () => {
      const term = runInTerminal(['login', '--server', 'http://127.0.0.1:9'], env);
      await term.until('Username: ', 40_000);
      term.type(key);
      expect(await term.exit).toBe(130);
      expect(term.screen).toMatch(/Interrupted \(Ctrl\+C\)\.\r?\n$/);
    }, 60_000);
  }
});
