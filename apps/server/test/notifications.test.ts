import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { notifyUsers, notifyWorkspace } from '../src/notifications/notify.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  server.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });

describe('notifications', () => {
  it('words a finished scan per reader: Persian digits in fa, the scan name isolated so its punctuation stays put', async () => {
    const carol = await registerUser(server);
    await notifyUsers(server.db, [carol.user.id], {
      key: 'notify.scan_finished',
      params: { name: 'Nightly!', critical: 0, high: 12, medium: 1, low: 0, info: 3 },
      link: '/scans/x',
    });
    const fa = (await get('panel/notifications/', carol.auth)).json().data.results[0].text;
    expect(fa).toContain('\u2068Nightly!\u2069');
    expect(fa).toContain('۱۲');
    expect(fa).not.toMatch(/[0-9]/);
    const en = (await get('panel/notifications/', { ...carol.auth, 'accept-language': 'en' })).json().data;
    expect(en.results[0].text).toContain('12');
  });

  it('shows unseen ones on the bell, in the reader language, and marks them seen', async () => {
    const alice = await registerUser(server);
    for (let i = 0; i < 3; i += 1) {
      await notifyUsers(server.db, [alice.user.id], {
        key: 'errors.rate_limited',
        params: { seconds: i },
        link: `/x/${i}`,
      });
      // PGlite's clock counts milliseconds: two notifications of one millisecond have no order
      // between them (the newest-first list then falls back to their random ids).
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const bell = (await get('panel/notifications/', { ...alice.auth, 'accept-language': 'en' })).json().data;
    expect(bell.unseen_count).toBe(3);
    expect(bell.total_count).toBe(3);
    expect(bell.results[0]).toMatchObject({
      seen: false,
      link: '/x/2',
      text: 'Too many attempts. Try again in 2 seconds.',
    });
    const fa = (await get('panel/notifications/', alice.auth)).json().data;
    // Numbers are stored raw and read in the reader's digits.
    expect(fa.results[0].text).toBe('تلاش‌ها بیش از حد مجاز است. ۲ ثانیه دیگر دوباره تلاش کنید.');

    const marked = await post(`panel/notifications/${bell.results[0].id}/mark_as_seen/`, alice.auth);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.seen).toBe(true);
    const after = (await get('panel/notifications/', alice.auth)).json().data;
    expect(after).toMatchObject({ unseen_count: 2, total_count: 3 });

    const all = await post('panel/notifications/mark_all_as_seen/', alice.auth);
    expect(all.json().data).toEqual({ updated: 2 });
    const history = (await get('panel/notifications-history/?page=1&page_size=2', alice.auth)).json().data;
    expect(history).toMatchObject({ unseen_count: 0, result_count: 3, total_pages: 2, next_page: 2 });
    expect(history.results.every((n: { seen: boolean }) => n.seen)).toBe(true);
  });

  it("cannot see or mark another user's notification", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await notifyUsers(server.db, [alice.user.id], { key: 'errors.internal' });
    const aliceFeed = (await get('panel/notifications/', alice.auth)).json().data;
    const bobFeed = (await get('panel/notifications/', bob.auth)).json().data;
    expect(bobFeed.total_count).toBe(0);
    const steal = await post(`panel/notifications/${aliceFeed.results[0].id}/mark_as_seen/`, bob.auth);
    expect(steal.statusCode).toBe(404);
    expect((await get('panel/notifications/', alice.auth)).json().data.unseen_count).toBe(1);
  });

  it('notifies every member of a workspace', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Ops', [[member.user.id, 'user']]);
    await notifyWorkspace(server.db, team.id, { key: 'errors.internal', link: '/' });
    for (const who of [owner, member]) {
      expect((await get('panel/notifications/', who.auth)).json().data.unseen_count).toBe(1);
    }
  });

  it('rejects a malformed id', async () => {
    const alice = await registerUser(server);
    const response = await post('panel/notifications/not-a-uuid/mark_as_seen/', alice.auth);
    expect(response.statusCode).toBe(400);
  });
});

describe('feedback', () => {
  it("needs a title ('subject required') and a description ('details required')", async () => {
    const alice = await registerUser(server);
    const response = await post(
      'panel/send-feedback/',
      { ...alice.auth, 'accept-language': 'en' },
      { title: ' ', description: '' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      title: ['subject required'],
      description: ['details required'],
    });
  });

  it('stores feedback that only staff can read', async () => {
    const alice = await registerUser(server);
    const staff = await registerUser(server);
    await server.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.user.id));
    const sent = await post('panel/send-feedback/', alice.auth, {
      title: 'Dark mode',
      description: 'Please add it.',
    });
    expect(sent.statusCode).toBe(201);
    const denied = await get('panel/feedback/', { ...alice.auth, 'accept-language': 'en' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to do this.');
    const list = (await get('panel/feedback/', staff.auth)).json().data;
    expect(list.results).toContainEqual(
      expect.objectContaining({
        title: 'Dark mode',
        description: 'Please add it.',
        user: expect.objectContaining({ id: alice.user.id }),
      }),
    );
  });
});
