import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseSetup } from '../../harness/harness.js';

// Keys only where the template says not to look: a denied folder, and past max-size (1kb = 1,000 bytes).
export default async function (): Promise<CaseSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'didban-conf-file-'));
  mkdirSync(join(dir, 'vendor', 'lib'), { recursive: true });
  writeFileSync(join(dir, 'vendor', 'lib', 'config.js'), 'key = "AKIAQYLPMN5HFIQR7XYZ"\n');
  writeFileSync(join(dir, 'big.log'), `${'x'.repeat(990)}\nAKIAQYLPMN5HFIQR7XYZ\n`);
  writeFileSync(join(dir, 'archive.zip'), 'AKIAQYLPMN5HFIQR7XYZ');
  return {
    targets: [dir],
    options: { file: {} },
    verify: () => rmSync(dir, { recursive: true, force: true }),
  };
}
