import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertStandIns, startAlertStandIns } from '../../server/test/helpers/alert-stand-ins.js';
import { runBinary } from './helpers/binary.js';
import { startLiveServer } from './helpers/live-server.js';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let stand: AlertStandIns;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  stand = await startAlertStandIns();
  server = await startLiveServer({
    DIDBAN_BUILTIN_WORKER: '0',
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '100',
  });
  const session = await server.register('alerts_cli');
  const api = createApiClient({
    baseUrl: server.url,
    getToken: () => session.access,
    getLanguage: () => 'en',
  });
  await api.alerts.createChannel({
    name: 'Hook',
    kind: 'webhook',
    language: 'en',
    secrets: { url: `${stand.base}/hook/secret-path` },
  });
  configDir = mkdtempSync(join(tmpdir(), 'didban-cli-alerts-'));
  env = { DIDBAN_CONFIG_DIR: configDir, DIDBAN_URL: server.url, DIDBAN_LANG: 'en' };
  const login = await runBinary(
    ['login', '--username', 'alerts_cli', '--email', 'alerts_cli@example.com', '--password-stdin'],
    env,
    { stdin: 'secret-pass\n' },
  );
  expect(login.exitCode).toBe(0);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await stand?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

describe('didban alerts', () => {
  it('tests a channel by name and waits for the delivery; lists channels with masked secrets', async () => {
    const test = await runBinary(['alerts', 'test', 'Hook'], env);
    expect(test).toEqual({ exitCode: 0, stdout: 'Test delivered to Hook (response 200).\n', stderr: '' });
    expect(stand.of('hook')).toHaveLength(1);
    expect(stand.of('hook')[0]!.body.type).toBe('test');

    const list = await runBinary(['alerts', 'list', '--json'], env);
    expect(list.exitCode).toBe(0);
    const { channels, rules } = JSON.parse(list.stdout);
    expect(rules).toEqual([]);
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({
      name: 'Hook',
      kind: 'webhook',
      secrets: { url: `${stand.base}/…path` },
      last_delivery: { status: 'delivered', response_code: 200 },
    });

    const unknown = await runBinary(['alerts', 'test', 'Nope', '--lang', 'fa'], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('کانالی با نام «Nope» در این فضای کاری نیست.');
  }, 180_000);
});
