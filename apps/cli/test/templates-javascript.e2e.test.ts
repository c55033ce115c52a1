/**
 * `didban templates run` with a javascript template (nuclei/redis), the real binary against the
 * machine's Redis on loopback (DIDBAN_TEST_REDIS=host:port to point elsewhere): a bare host is
 * scanned on the template's own Port, and an unauthenticated Redis is reported.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';

const [redisHost, redisPort] = (process.env.DIDBAN_TEST_REDIS ?? '127.0.0.1:6379').split(':') as [
  string,
  string,
];
let dir: string;
let env: Record<string, string>;

const TEMPLATE = `id: redis-unauthenticated
info:
  name: Redis without authentication
  author: didban
  severity: high
  tags: redis,network
javascript:
  - pre-condition: |
      isPortOpen(Host, Port);
    code: |
      const redis = require('nuclei/redis');
      const info = redis.GetServerInfo(Host, Port);
      Export(info);
    args:
      Host: "{{Host}}"
      Port: "${redisPort}"
    matchers:
      - type: word
        words:
          - redis_version
    extractors:
      - type: regex
        group: 1
        regex:
          - 'redis_version:([0-9.]+)'
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'didban-cli-js-'));
  writeFileSync(join(dir, 'redis-unauthenticated.yaml'), TEMPLATE);
  env = { DIDBAN_CONFIG_DIR: dir, DIDBAN_LANG: 'en' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('templates run: javascript templates', { timeout: 180_000 }, () => {
  it('finds an unauthenticated Redis on a bare host through the template port, as nuclei does', async () => {
    const result = await runBinary(
      ['templates', 'run', join(dir, 'redis-unauthenticated.yaml'), '-u', redisHost, '--jsonl', '--silent'],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const events = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      'template-id': 'redis-unauthenticated',
      type: 'javascript',
      'matched-at': `${redisHost}:${redisPort}`,
      info: { severity: 'high' },
    });
    expect(events[0]['extracted-results'][0]).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('reports nothing, and no unreachable target, when the service is not there', async () => {
    writeFileSync(join(dir, 'closed.yaml'), TEMPLATE.replace(`Port: "${redisPort}"`, 'Port: "1"'));
    const result = await runBinary(
      ['templates', 'run', join(dir, 'closed.yaml'), '-u', redisHost, '--json'],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ results: [], failures: [], unreachable: [] });
  });
});
