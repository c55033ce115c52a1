import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseSetup, Harness } from '../../harness/harness.js';
import { headlessCase } from '../../harness/headless-server.js';

// The file to upload lives in a folder of the case's own; its path reaches the template as -var upload.
export default function (h: Harness): Promise<CaseSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'didban-headless-files-'));
  h.onClose(() => rmSync(dir, { recursive: true, force: true }));
  const upload = join(dir, 'upload-me.txt');
  writeFileSync(upload, 'uploaded');
  return headlessCase(h, { options: { variables: { upload }, headless: { allowLocalFileAccess: true } } });
}
