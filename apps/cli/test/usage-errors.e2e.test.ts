import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

// Usage errors are caught before any request: no server is needed, and none is asked.
const home = mkdtempSync(join(tmpdir(), 'didban-usage-errors-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const didban = (...args: string[]) => runBinary(args, { HOME: home, DIDBAN_URL: 'http://127.0.0.1:9' });

describe('usage errors in the user’s language', () => {
  it('fa: an unknown flag is said in Persian, with the suggestion and the help of the command named after --lang', async () => {
    const { exitCode, stdout, stderr } = await didban('--lang', 'fa', 'vulns', 'list', '--pages', '2');
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'پرچم ناشناخته «--pages» (منظورتان --page بود؟) (راهنما: didban vulns list --help)\n',
    );
  });

  it('en: commander’s own words, and the command’s help even with --server before it', async () => {
    const { exitCode, stderr } = await didban(
      '--server',
      'http://127.0.0.1:9',
      'vulns',
      'list',
      '--filter',
      'x',
    );
    expect(exitCode).toBe(2);
    expect(stderr).toBe("unknown option '--filter' (see: didban vulns list --help)\n");
  });

  it('fa: a missing argument, too many arguments and an unknown command', async () => {
    const missing = await didban('--lang', 'fa', 'vulns', 'set-status');
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toBe('آرگومان لازم «id» داده نشده است (راهنما: didban vulns set-status --help)\n');
    const many = await didban('--lang', 'fa', 'whoami', 'extra');
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toBe(
      'آرگومان‌های «whoami» بیش از اندازه است: 0 آرگومان انتظار می‌رفت، 1 آرگومان داده شد. (راهنما: didban whoami --help)\n',
    );
    const unknown = await didban('--lang', 'fa', 'vulns', 'lst');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe('فرمان ناشناخته «lst» (منظورتان list بود؟) (راهنما: didban vulns --help)\n');
  });
});
