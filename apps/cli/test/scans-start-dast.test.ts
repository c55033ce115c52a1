import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/run.js';

// Issue 30: `didban scans start --dast` asks the server for a DAST scan (its runs fuzz the assets'
// crawled endpoints); without the flag the body says nothing about it (the server's default: off).
let server: Server;
let url: string;
const bodies: Record<string, unknown>[] = [];
const configDir = mkdtempSync(join(tmpdir(), 'didban-cli-dast-'));
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/api/v1/panel/scans/bulk-create/') {
        bodies.push(JSON.parse(raw));
        res.statusCode = 201;
        res.end(
          JSON.stringify({ data: { scan_id: 'scan-1', scan_history_id: 'run-1', skipped_wildcards: 0 } }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('didban scans start --dast', () => {
  const env = () => ({ DIDBAN_CONFIG_DIR: configDir, DIDBAN_LANG: 'en', DIDBAN_URL: url, DIDBAN_TOKEN: 't' });

  it('sends dast: true with the bulk scan, and nothing about it without the flag', async () => {
    const group = '0b9c5d1e-0000-4000-8000-000000000001';
    const dast = await run(
      ['scans', 'start', '--name', 'Fuzz the shop', '--group', group, '--tag', 'dast', '--dast', '--json'],
      {
        env: env(),
      },
    );
    expect(dast.stderr).toBe('');
    expect(dast.exitCode).toBe(0);
    expect(JSON.parse(dast.stdout)).toMatchObject({ scan_id: 'scan-1', scan_history_id: 'run-1' });
    expect(bodies.at(-1)).toEqual({
      name: 'Fuzz the shop',
      asset_groups: [group],
      template_ids: [],
      template_tags: ['dast'],
      dast: true,
    });

    const plain = await run(
      ['scans', 'start', '--name', 'Known CVEs', '--group', group, '--tag', 'cve', '--json'],
      { env: env() },
    );
    expect(plain.exitCode).toBe(0);
    expect(bodies.at(-1)).not.toHaveProperty('dast');
  });

  it('lists --dast in the help of scans start', async () => {
    const help = await run(['scans', 'start', '--help'], { env: env() });
    expect(help.stdout).toContain('--dast');
    expect(help.stdout).toContain('didban scans start --group 0b9c… --tag dast --dast --follow');
  });
});
