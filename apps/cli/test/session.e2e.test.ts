import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let configDir: string;
let env: Record<string, string>;
let teamId: string;

beforeAll(async () => {
  server = await startLiveServer();
  const session = await server.register('sara');
  // A team made through the API, as the panel's team page does, so the list has two rows.
  const api = createApiClient({
    baseUrl: server.url,
    getToken: () => session.access,
    getLanguage: () => 'en',
  });
  teamId = (await api.teams.create({ name: 'Blue team' })).id;
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-config-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en' };
});
afterAll(async () => {
  await server?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('didban against a live server, stdin and stdout not terminals', () => {
  it('signs in with --password-stdin, then whoami and workspace list --json read the session', async () => {
    const login = await runBinary(
      ['login', '--username', 'sara', '--email', 'sara@example.com', '--password-stdin'],
      env,
      {
        stdin: 'secret-pass\n',
      },
    );
    expect(login).toEqual({
      exitCode: 0,
      stdout: `Signed in to ${server.url} as sara (sara@example.com).\n`,
      stderr: '',
    });
    // The file holds a bearer token: only its owner may read it.
    expect(statSync(join(configDir, 'config.json')).mode & 0o077).toBe(0);

    const whoami = await runBinary(['whoami'], env);
    expect(whoami.stdout).toBe(`sara <sara@example.com> on ${server.url}, workspace: Personal (owner)\n`);
    expect(whoami.exitCode).toBe(0);

    const list = await runBinary(['workspace', 'list', '--json'], env);
    expect(list.exitCode).toBe(0);
    const { results } = JSON.parse(list.stdout);
    expect(results).toEqual([
      {
        id: expect.any(String),
        kind: 'personal',
        name: null,
        role: 'owner',
        members_count: null,
        current: true,
      },
      { id: teamId, kind: 'team', name: 'Blue team', role: 'owner', members_count: 1, current: false },
    ]);
  });

  it('switches to a team after checking the id, and whoami follows', async () => {
    const use = await runBinary(['workspace', 'use', teamId], env);
    expect(use).toMatchObject({ exitCode: 0, stdout: `Now using workspace Blue team (${teamId}).\n` });
    const whoami = await runBinary(['whoami', '--json'], env);
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      server: server.url,
      user: { username: 'sara', email: 'sara@example.com' },
      workspace: { id: teamId, kind: 'team', name: 'Blue team', role: 'owner' },
    });
    const table = await runBinary(['workspace', 'list'], env);
    expect(table.stdout).toMatch(new RegExp(`│ \\* +│ ${teamId} │ Blue team`));
    const back = await runBinary(['workspace', 'use', 'personal'], env);
    expect(back.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).workspace).toBeUndefined();
  });

  it('refuses an unknown workspace id with one line and exit 3, keeping the current one', async () => {
    const use = await runBinary(['workspace', 'use', 'no-such-team'], env);
    expect(use).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: 'No workspace with id "no-such-team". Run: didban workspace list\n',
    });
  });

  it('says in one line when the chosen workspace is not one of yours', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect(await runBinary(['whoami'], { ...env, DIDBAN_WORKSPACE: stranger })).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: `The workspace "${stranger}" is not available to you. Run: didban workspace use personal\n`,
    });
  });

  it('says in one line that a forged or expired token is not a session', async () => {
    const forged = await runBinary(['whoami'], { ...env, DIDBAN_TOKEN: 'expired.or.forged' });
    expect(forged).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: 'Your session is invalid or has expired. Run: didban login\n',
    });
    const verify = await runBinary(['login', '--token', 'expired.or.forged'], env);
    expect(verify.exitCode).toBe(3);
    expect(verify.stderr.trim().split('\n')).toHaveLength(1);
    expect(verify.stderr).not.toMatch(/\bat .*\.ts/);
  });

  it('names a corrupt config file and what to do, in one line (exit 3)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'didban-cli-corrupt-'));
    writeFileSync(join(dir, 'config.json'), '{ "server": ');
    const result = await runBinary(['whoami'], { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^The config file ${join(dir, 'config.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON \\([^\n]+\\): fix it, or delete it and run didban login again\\.\n$`,
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it('says in one line that a wrong server address cannot be reached', async () => {
    const wrong = await runBinary(['login', '--token', 'some.token'], {
      ...env,
      DIDBAN_URL: 'http://127.0.0.1:9',
    });
    expect(wrong).toEqual({
      exitCode: 3,
      stdout: '',
      stderr:
        'Cannot reach the Didban server at http://127.0.0.1:9 (connection refused). Check --server or DIDBAN_URL.\n',
    });
    const notUrl = await runBinary(['whoami', '--server', 'localhost 8080'], env);
    expect(notUrl).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'Not a valid server address: "localhost 8080" (expected http://host:port).\n',
    });
  });

  it('answers invalid flags and missing input with a usage line and exit 2', async () => {
    expect(await runBinary(['workspace', 'list', '--jsn'], env)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: "unknown option '--jsn' (Did you mean --json?) (see: didban workspace list --help)\n",
    });
    expect(await runBinary(['login', '--username', 'sara'], env)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'Missing --email, --password-stdin: stdin is not a terminal, so pass --username, --email and --password-stdin (or --token).\n',
    });
    const badEmail = await runBinary(
      ['login', '--username', 'sara', '--email', 'nope', '--password-stdin'],
      env,
      {
        stdin: 'secret-pass',
      },
    );
    expect(badEmail).toEqual({ exitCode: 2, stdout: '', stderr: 'email: Enter a valid email address\n' });
  });

  it('reports wrong credentials in the server words and keeps the old session', async () => {
    const wrong = await runBinary(
      ['login', '--username', 'sara', '--email', 'sara@example.com', '--password-stdin'],
      env,
      {
        stdin: 'not-the-password',
      },
    );
    expect(wrong).toEqual({ exitCode: 3, stdout: '', stderr: 'Invalid credentials. Please try again.\n' });
  });

  it('signs in with a token from stdin, speaks Persian with --lang fa, and logs out', async () => {
    const session = await server.register('reza');
    const login = await runBinary(['login', '--token', '-', '--lang', 'fa'], env, {
      stdin: `${session.access}\n`,
    });
    expect(login).toEqual({
      exitCode: 0,
      stdout: `به ${server.url} با نام reza (reza@example.com) وارد شدید.\n`,
      stderr: '',
    });
    expect((await runBinary(['whoami', '--json'], env)).stdout).toContain('"username": "reza"');
    expect(await runBinary(['logout'], env)).toEqual({
      exitCode: 0,
      stdout: `Signed out of ${server.url}.\n`,
      stderr: '',
    });
    // The token is revoked on the server, not only forgotten here (issue 35): a copy of it is dead.
    const after = await fetch(`${server.url}/api/v1/token/verify/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.access }),
    });
    expect(after.status).toBe(401);
    expect(await runBinary(['whoami'], env)).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: 'You are not signed in. Run: didban login\n',
    });
  });

  it('asks for username, email and a hidden password when stdin is a terminal', async () => {
    const own = mkdtempSync(join(tmpdir(), 'didban-cli-tty-'));
    try {
      const answers: Record<string, string> = {
        'Username: ': 'sara',
        'Email: ': 'sara@example.com',
        'Password: ': 'secret-pass',
      };
      const asked: string[] = [];
      const result = await run(['login'], {
        env: { ...env, DIDBAN_CONFIG_DIR: own },
        stdin: { isTTY: true, async *[Symbol.asyncIterator]() {} },
        prompt: async (question, { hidden }) => {
          asked.push(hidden ? `${question}(hidden)` : question);
          return answers[question] ?? '';
        },
      });
      expect(asked).toEqual(['Username: ', 'Email: ', 'Password: (hidden)']);
      expect(result).toEqual({
        exitCode: 0,
        stdout: `Signed in to ${server.url} as sara (sara@example.com).\n`,
        stderr: '',
      });
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
