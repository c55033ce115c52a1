import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../src/i18n/translate.js';
import { buildProgram } from '../src/program.js';
import { run } from '../src/run.js';

const configDir = mkdtempSync(join(tmpdir(), 'didban-cli-run-'));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));
const env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_LANG: 'en' };

/** Every command path in the tree, e.g. ['workspace', 'list']. */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    return [path, ...commandPaths(c, path)];
  });
}

describe('run(argv) in-process', () => {
  const streams = { stdout: { write: () => true }, stderr: { write: () => true } };
  const paths = commandPaths(
    buildProgram(createTranslator('en'), streams, () => {
      throw new Error('no command runs here');
    }),
  );

  it.each(paths.map((p) => [p.join(' '), p]))(
    'prints help with examples for `didban %s --help`',
    async (_, path) => {
      const result = await run([...path, '--help'], { env });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^Usage: didban /);
      expect(result.stdout).toMatch(/\nExamples:\n {2}\$ didban /);
      expect(result.stderr).toBe('');
    },
  );

  it('translates command descriptions with --lang fa', async () => {
    const result = await run(['--lang', 'fa', '--help'], { env });
    expect(result.stdout).toContain('ورود به سرور دیدبان (گذرواژه، توکن یا گیت‌هاب).');
    expect(result.stdout).toContain('نمونه‌ها:');
  });

  it('treats a missing subcommand as a usage error (exit 2) after showing help', async () => {
    const result = await run(['workspace'], { env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^Usage: didban workspace/);
  });

  it('rejects an unknown language, command or flag value with one line and exit 2', async () => {
    expect(await run(['whoami', '--lang', 'de'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Unknown language "de": use en or fa.\n',
    });
    expect(await run(['scams', 'list'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: "unknown command 'scams' (Did you mean scans?) (see: didban --help)\n",
    });
    expect(await run(['vulns', 'list', '--severity', 'hihg'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Unknown value "hihg" for --severity: use info, low, medium, high, critical, unknown.\n',
    });
    expect(await run(['scans', 'start', '--group', 'g1', '--asset', 'a1', '--tag', 'cve'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Choose asset groups or assets to scan, not both and not neither.\n',
    });
    expect(await run(['scans', 'start', '--group', 'g1'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Choose at least one template or tag.\n',
    });
    expect(await run(['vulns', 'list', '--fail-on', 'severe'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Unknown severity "severe": use one of info, low, medium, high, critical.\n',
    });
    expect(await run(['ui'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'didban ui needs a terminal (stdin and stdout must be TTYs); in scripts use the scans, assets and vulns commands.\n',
    });
    expect(await run(['login', '--github', '--timeout', 'soon'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: '--timeout must be a positive whole number, not "soon".\n',
    });
    expect(await run(['login', '--token', 'x', '--github'], { env })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Choose one way to sign in: a password, --token or --github.\n',
    });
  });

  it('prints the version', async () => {
    expect(await run(['--version'], { env })).toEqual({ exitCode: 0, stdout: '0.1.0\n', stderr: '' });
  });
});

describe('didban config', () => {
  it('shows the language in use when none is saved', async () => {
    const own = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
    try {
      const shown = await run(['config', 'show'], { env: { DIDBAN_CONFIG_DIR: own, LANG: 'C.UTF-8' } });
      expect(shown.stdout).toContain('\nlanguage: en (not saved)\n');
      const flagged = await run(['config', 'show', '--lang', 'fa'], { env: { DIDBAN_CONFIG_DIR: own } });
      expect(flagged.stdout).toContain('\nlanguage: fa (not saved)\n');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('saves the language, which later runs (and their help) follow', async () => {
    const own = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
    try {
      const e = { DIDBAN_CONFIG_DIR: own };
      expect(await run(['config', 'set', 'language', 'fa', '--lang', 'en'], { env: e })).toEqual({
        exitCode: 0,
        stdout: 'Saved language.\n',
        stderr: '',
      });
      expect((await run(['--help'], { env: e })).stdout).toContain('نمونه‌ها:');
      const shown = await run(['config', 'show', '--json'], { env: e });
      expect(JSON.parse(shown.stdout)).toEqual({
        file: join(own, 'config.json'),
        server: null,
        language: 'fa',
        workspace: null,
        signed_in: false,
      });
      expect((await run(['config', 'show'], { env: e })).stdout).toContain('\nlanguage: fa\n');
      expect(await run(['config', 'set', 'token', 'x', '--lang', 'en'], { env: e })).toEqual({
        exitCode: 2,
        stdout: '',
        stderr: 'Unknown setting "token": use one of server, language.\n',
      });
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
