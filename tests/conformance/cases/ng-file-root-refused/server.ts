import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseSetup } from '../../harness/harness.js';

// A worker's --file-root: a path outside every root is refused, its keys never read.
export default async function (): Promise<CaseSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'didban-conf-file-'));
  const root = mkdtempSync(join(tmpdir(), 'didban-conf-root-'));
  writeFileSync(join(dir, 'prod.env'), 'AWS_ACCESS_KEY_ID=AKIAQYLPMN5HFIQR7XYZ\n');
  return {
    targets: [dir],
    options: { file: { roots: [root] } },
    verify: () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
    },
  };
}
