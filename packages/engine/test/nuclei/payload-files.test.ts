import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTemplates } from '../../src/nuclei/load-templates.js';
import { payloadCombos } from '../../src/nuclei/payloads/generate-payloads.js';
import type { HttpBlock } from '../../src/nuclei/template-model.js';

const root = mkdtempSync(join(tmpdir(), 'didban-payloads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const template = (id: string, file: string) => `id: ${id}
info: { name: x, author: t, severity: info }
http:
  - method: GET
    path: ["{{BaseURL}}/{{word}}"]
    payloads:
      word: ${file}
    matchers:
      - type: status
        status: [200]
`;

function load(id: string, file: string) {
  const path = join(root, 'http', `${id}.yaml`);
  writeFileSync(path, template(id, file));
  return loadTemplates([{ content: template(id, file), path }], { templatesRoot: root });
}

describe('payload files', () => {
  mkdirSync(join(root, 'http'), { recursive: true });
  mkdirSync(join(root, 'helpers'), { recursive: true });

  it('are checked at load but read when a scan first iterates them', () => {
    writeFileSync(join(root, 'helpers', 'late.txt'), 'first\nsecond\n');
    const { templates } = load('late', 'helpers/late.txt');
    // Changed after loading: the scan sees the file as it is when it runs.
    writeFileSync(join(root, 'helpers', 'late.txt'), 'alpha\r\nbeta\n\ngamma\n');
    const block = templates[0]!.blocks[0] as HttpBlock;
    expect(block.payloads.size).toBe(1);
    expect([...payloadCombos(block.payloads, 'batteringram')].map((c) => c.get('word'))).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
  });

  it('are read once and shared by the templates that name them', () => {
    writeFileSync(join(root, 'helpers', 'shared.txt'), 'a\nb\n');
    const one = load('one', 'helpers/shared.txt').templates[0]!.blocks[0] as HttpBlock;
    const two = load('two', 'helpers/shared.txt').templates[0]!.blocks[0] as HttpBlock;
    expect(one.payloads.get('word')).toBe(two.payloads.get('word'));
  });

  it('still fail the load when missing or outside the sandbox', () => {
    expect(load('missing', 'helpers/none.txt').invalid[0]?.code).toBe('payload-file-missing');
    expect(load('outside', '/etc/passwd').invalid[0]?.code).toBe('payload-path-refused');
  });
});
