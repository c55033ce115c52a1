import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTemplateFiles } from '../../src/index.js';

const template = (id: string) =>
  `id: ${id}\ninfo:\n  name: ${id}\n  author: didban\n  severity: info\nhttp:\n  - method: GET\n    path: ["{{BaseURL}}/${id}"]\n    matchers:\n      - type: status\n        status: [200]\n`;

const root = mkdtempSync(join(tmpdir(), 'didban-template-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadTemplateFiles', () => {
  // The walk reads directory entries with their types instead of a stat call per file: the same
  // files in the same order as before, links to folders followed, other files left out.
  it('loads every YAML file under a folder, sorted by name, following linked folders', () => {
    mkdirSync(join(root, 'http', 'b-folder'), { recursive: true });
    mkdirSync(join(root, 'elsewhere'), { recursive: true });
    writeFileSync(join(root, 'http', 'c.yaml'), template('c'));
    writeFileSync(join(root, 'http', 'B.yml'), template('upper-b'));
    writeFileSync(join(root, 'http', 'a.YAML'), template('a'));
    writeFileSync(join(root, 'http', 'notes.txt'), 'not a template');
    writeFileSync(join(root, 'http', 'b-folder', 'inner.yaml'), template('inner'));
    writeFileSync(join(root, 'elsewhere', 'linked.yaml'), template('linked'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'http', 'd-link'));

    const { templates, invalid } = loadTemplateFiles([join(root, 'http')]);
    expect(invalid).toEqual([]);
    // Code-unit order, as Array.prototype.sort: upper case before lower case.
    expect(templates.map((t) => t.id)).toEqual(['upper-b', 'a', 'inner', 'c', 'linked']);
    expect(templates[0]!.path).toBe(join(root, 'http', 'B.yml'));
  });

  it('loads a single file named directly', () => {
    const { templates } = loadTemplateFiles([join(root, 'http', 'c.yaml')]);
    expect(templates.map((t) => t.id)).toEqual(['c']);
  });
});
