import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const home = mkdtempSync(join(tmpdir(), 'didban-resolver-help-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('templates run --help', () => {
  it('says --resolver resolves the host names of http targets too, not DNS templates only (issue 34, item 16)', async () => {
    const { exitCode, stdout } = await runBinary(['templates', 'run', '--help'], {
      HOME: home,
      COLUMNS: '200',
    });
    expect(exitCode).toBe(0);
    // The option's text as one line: its wrapped lines joined (they start with spaces, not a dash).
    const lines = stdout.split('\n');
    const at = lines.findIndex((l) => l.trimStart().startsWith('--resolver'));
    let text = lines[at] ?? '';
    for (let i = at + 1; i < lines.length && /^\s+[^-\s]/.test(lines[i]!); i++) text += ` ${lines[i]}`;
    expect(text.replace(/\s+/g, ' ').trim()).toBe(
      '--resolver <ip> DNS resolver, ip or ip:port, for DNS templates and the host names of targets (repeatable, comma-separated)',
    );
  });
});
