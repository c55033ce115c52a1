import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOutsideReferences, INTENDED_MARKER, scanRepository } from './outside-paths';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the repository stands alone', () => {
  it('no tracked file reads, imports or links a path outside the repository', () => {
    const found = scanRepository(root).map((r) => `${r.file}:${r.line}: ${r.reason}`);
    expect(found).toEqual([]);
  });

  it('catches what broke a fresh clone and lets in-repo paths through', () => {
    const check = (file: string, content: string) =>
      findOutsideReferences('/repo', file, content).map((r) => r.reason);
    // The test that read our build machines' shared folder, and the README links to it.
    expect(
      check(
        'apps/server/test/openapi.test.ts',
        "readFileSync(new URL('../../../../sibling/x.txt', import.meta.url))",
      ),
    ).toEqual(['../../../../sibling/x.txt leaves the repository']);
    expect(check('README.md', 'Spec: `../sibling/spec/panel-spec.md`, [arch](../sibling/a.md)')).toHaveLength(
      2,
    );
    expect(check('tests/e2e/specs/a.ts', "new URL('../../../..', import.meta.url)")).toHaveLength(1);
    expect(check('docs/x.md', 'cd /work/main && pnpm test; ls /home/me/didban')).toHaveLength(2);
    // Inside the repository, system paths, prose and ranges are fine.
    expect(check('tests/e2e/specs/a.ts', "new URL('../../..', import.meta.url)")).toEqual([]);
    expect(check('apps/server/test/helpers/lab.ts', "from '../../../../scripts/lab/src/lab.js'")).toEqual([]);
    expect(
      check('.ci/run', 'cd "$(dirname "$0")/.."; [ -x /usr/bin/chromium ]; ls /etc/postgresql /tmp'),
    ).toEqual([]);
    expect(check('README.md', 'wait... then a..b and [docs](docs/benchmarks.md)')).toEqual([]);
    // A line that means it on purpose says so.
    expect(check('apps/server/test/a.ts', `upload('../../etc/passwd'); // ${INTENDED_MARKER}`)).toEqual([]);
  });
});
