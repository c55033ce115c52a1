import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CaseSetup } from '../../harness/harness.js';

// A checked-out folder with planted keys: nested, inside a gzip, and in an image the default denylist skips.
export default async function (): Promise<CaseSetup> {
  const dir = mkdtempSync(join(tmpdir(), 'didban-conf-file-'));
  mkdirSync(join(dir, 'deploy'));
  writeFileSync(join(dir, 'deploy', 'prod.env'), 'REGION=eu\nAWS_ACCESS_KEY_ID=AKIAQYLPMN5HFIQR7XYZ\n');
  writeFileSync(join(dir, 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n');
  writeFileSync(join(dir, 'old.env.gz'), gzipSync('X=1\nY=2\nK=AKIAQYLPMN5HFIQR7ABC\n'));
  writeFileSync(join(dir, 'logo.png'), 'AKIAQYLPMN5HFIQR7PNG');
  return {
    targets: [dir],
    options: { file: {} },
    verify: () => rmSync(dir, { recursive: true, force: true }),
  };
}
