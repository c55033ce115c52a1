import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessCase } from '../../harness/headless-server.js';

// The screenshot is written to a folder of the case's own: it must be there, a PNG.
export default function (h: Harness): Promise<CaseSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'didban-headless-shot-'));
  h.onClose(() => rmSync(dir, { recursive: true, force: true }));
  return headlessCase(h, {
    options: { headless: { screenshotDir: dir } },
    verify: () => {
      const png = readFileSync(join(dir, 'home-shot.png'));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    },
  });
}
