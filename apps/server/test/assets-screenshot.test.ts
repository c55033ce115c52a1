/**
 * The screenshot discovery takes of an asset: stored when a worker posts it, linked from the
 * asset detail (`screenshot_url`), served as the PNG it is to members of the asset's workspace
 * only (404 for anyone else, for an asset without one, or for bytes that are not a PNG), and
 * removed with the asset.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// A 1×1 PNG, as the engine's screenshotter would hand it over (base64 in the worker's result).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: url.startsWith('/') ? url : `/api/v1/${url}`, headers });

describe('asset screenshots', () => {
  it('serves the stored PNG to members of the workspace and 404 to everyone else', async () => {
    const [owner, member, outsider] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const team = await createTeam(server, owner.user.id, 'Shots', [[member.user.id, 'user']]);
    const inTeam = (who: typeof owner) => ({
      ...who.auth,
      'x-workspace-id': team.id,
      'accept-language': 'en',
    });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/assets/',
      headers: inTeam(owner),
      payload: { name: 'Lab', roots: 'lab.test' },
    });
    expect(created.statusCode).toBe(201);
    const { api_key } = await createWorker(server, inTeam(owner), { name: 'w' });
    const w = asWorker(server, api_key);
    const task = (await w.claim()).json().data.task;
    const items = [
      assetResult('shot.lab.test', 443, { screenshot_png: PNG.toString('base64') }),
      assetResult('plain.lab.test', 443),
      assetResult('odd.lab.test', 443, {
        screenshot_png: Buffer.from('<script>alert(1)</script>').toString('base64'),
      }),
    ];
    expect((await w.results(task.id, 0, items)).statusCode).toBe(200);
    expect((await w.complete(task.id)).statusCode).toBe(200);
    const list = (await get('panel/all-assets/?ordering=host', inTeam(member))).json().data.results;
    const [odd, plain, shot] = list as { id: string; host: string }[];
    expect([odd!.host, plain!.host, shot!.host]).toEqual(['odd.lab.test', 'plain.lab.test', 'shot.lab.test']);

    const detail = (await get(`panel/all-assets/${shot!.id}/`, inTeam(member))).json().data;
    expect(detail.screenshot_url).toBe(`/api/v1/panel/all-assets/${shot!.id}/screenshot/`);
    const image = await get(detail.screenshot_url, inTeam(member));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // No screenshot: no link, and the URL answers 404.
    expect(
      (await get(`panel/all-assets/${plain!.id}/`, inTeam(member))).json().data.screenshot_url,
    ).toBeNull();
    expect((await get(`panel/all-assets/${plain!.id}/screenshot/`, inTeam(member))).statusCode).toBe(404);
    // Bytes that are not a PNG are never served, whatever the worker sent.
    expect((await get(`panel/all-assets/${odd!.id}/screenshot/`, inTeam(member))).statusCode).toBe(404);

    // Someone outside the team, in their own workspace, cannot tell the asset exists.
    const stranger = await get(detail.screenshot_url, { ...outsider.auth, 'accept-language': 'en' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect(stranger.json()).toMatchObject({ code: 'not_found' });
    // Nor without signing in.
    expect((await get(detail.screenshot_url, { 'x-workspace-id': team.id })).statusCode).toBe(401);

    // Deleting the asset removes its file too.
    const file = join(server.config.dataDir, 'files', 'screenshots', `${shot!.id}.png`);
    expect(existsSync(file)).toBe(true);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/panel/all-assets/${shot!.id}/`,
      headers: inTeam(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await get(detail.screenshot_url, inTeam(member))).statusCode).toBe(404);
  });
});
