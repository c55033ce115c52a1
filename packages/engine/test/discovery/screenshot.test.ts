import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../src/discovery/discover.js';
import { Screenshotter } from '../../src/discovery/screenshot/screenshotter.js';
import type { DiscoveredAsset } from '../../src/discovery/types.js';
import { collect, type Lab, startLab } from './helpers.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const hasChromium = existsSync('/usr/bin/chromium');

let lab: Lab;
beforeAll(async () => {
  lab = await startLab();
}, 30_000);
afterAll(async () => {
  await lab?.stop();
});

describe('screenshots', () => {
  it('says clearly when Chromium is not installed', async () => {
    const shots = new Screenshotter({ executablePath: '/nonexistent/chromium' }, 5000);
    expect(await shots.capture('http://blog.lab.didban.test/', '127.0.0.1')).toEqual({
      status: 'unavailable',
      reason: 'Chromium not found at /nonexistent/chromium',
    });
    await shots.close();
  });

  it.runIf(hasChromium)(
    'captures web assets during discovery, loading the page from the probed address',
    async () => {
      const records = await collect(
        discover({
          roots: ['blog.lab.didban.test', 'mail.lab.didban.test'],
          autoDiscovery: false,
          resolvers: [lab.resolver],
          ports: '25,80',
          screenshots: { width: 800, height: 600 },
        }),
      );
      const assets = records.filter((r): r is DiscoveredAsset => r.type === 'asset');
      const blog = assets.find((a) => a.host === 'blog.lab.didban.test');
      expect(blog?.screenshot?.status).toBe('captured');
      if (blog?.screenshot?.status !== 'captured') return;
      expect(blog.screenshot.data.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      // PNG IHDR holds width and height at bytes 16..24.
      expect(blog.screenshot.data.readUInt32BE(16)).toBe(800);
      expect(blog.screenshot.data.readUInt32BE(20)).toBe(600);
      // Non-web ports get no screenshot.
      expect(assets.find((a) => a.port === 25)?.screenshot).toBeUndefined();
    },
    30_000,
  );
});
