import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, ticketMessages, users } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let staff: Session;
let typeId: string;

type Session = Awaited<ReturnType<typeof registerUser>>;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  server = await createTestServer();
  staff = await registerUser(server);
  await server.db.update(users).set({ is_staff: true }).where(eq(users.id, staff.user.id));
  typeId = (await get('support/ticket-types/', staff.auth)).json().data.results[0].id;
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });
const patch = (url: string, headers: Record<string, string>, payload: object) =>
  server.app.inject({ method: 'PATCH', url: `/api/v1/${url}`, headers, payload });

// Real file headers (magic bytes), so the server's judgement is what is tested.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x00]),
  Buffer.alloc(400),
]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(256),
]);

type FilePart = { field?: string; filename: string; contentType?: string; bytes: Buffer };

/** A multipart/form-data body as a browser's FormData would send it. */
function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----didban${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'media'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const send = (
  ticketId: string,
  who: Session,
  fields: Record<string, string>,
  files: FilePart[] = [],
  headers: Record<string, string> = {},
) => {
  const body = multipart(fields, files);
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/support/tickets/${ticketId}/messages/`,
    headers: { ...who.auth, ...body.headers, ...headers },
    payload: body.payload,
  });
};

async function openTicket(who: Session, extra: object = {}) {
  const response = await post('support/tickets/', who.auth, {
    title: 'Scan stuck at 40%',
    ticket_type: typeId,
    priority: 'high',
    status: 'open',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; status: string };
}

const storedFiles = (ticketId: string) => {
  const folder = join(server.config.dataDir, 'files', 'tickets', ticketId);
  return existsSync(folder) ? readdirSync(folder) : [];
};
const messageRows = (ticketId: string) =>
  server.db.select().from(ticketMessages).where(eq(ticketMessages.ticket_id, ticketId));

describe('ticket types', () => {
  it('lists the seeded types in the caller language; staff add more', async () => {
    const alice = await registerUser(server);
    const fa = (await get('support/ticket-types/', alice.auth)).json().data.results;
    expect(fa.map((t: { name: string }) => t.name)).toEqual(['فنی', 'مالی و پرداخت', 'حساب کاربری', 'سایر']);
    const english = (await get('support/ticket-types/', { ...alice.auth, ...en })).json().data.results;
    expect(english.map((t: { name: string }) => t.name)).toEqual([
      'Technical',
      'Billing and payments',
      'Account',
      'Other',
    ]);

    const denied = await post(
      'support/ticket-types/',
      { ...alice.auth, ...en },
      { name_en: 'Abuse', name_fa: 'سوءاستفاده' },
    );
    expect(denied.statusCode).toBe(403);
    const empty = await post(
      'support/ticket-types/',
      { ...staff.auth, ...en },
      { name_en: ' ', name_fa: '' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name_en: ['The type needs a name in English and in Persian.'],
      name_fa: ['The type needs a name in English and in Persian.'],
    });
    const added = await post('support/ticket-types/', staff.auth, {
      name_en: 'Abuse',
      name_fa: 'سوءاستفاده',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.name).toBe('سوءاستفاده');
    const after = (await get('support/ticket-types/', { ...alice.auth, ...en })).json().data.results;
    expect(after.at(-1).name).toBe('Abuse');
  });
});

describe('tickets', () => {
  it('creates an open ticket with its first message; validates in en and fa', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice, { message: 'It has been stuck for an hour.' });
    expect(ticket).toMatchObject({
      status: 'open',
      title: 'Scan stuck at 40%',
      priority: 'high',
      ticket_type: { id: typeId, name: 'فنی' },
      user: { id: alice.user.id },
      message_count: 1,
      closed_at: null,
    });

    const missing = await post(
      'support/tickets/',
      { ...alice.auth, ...en },
      { title: '  ', ticket_type: 'x' },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      title: ['Subject is required'],
      ticket_type: ['Choose a ticket type.'],
    });
    const missingFa = await post('support/tickets/', alice.auth, { ticket_type: typeId });
    expect(missingFa.json().errors).toEqual({ title: ['موضوع تیکت الزامی است'] });
    const unknown = await post(
      'support/tickets/',
      { ...alice.auth, ...en },
      { title: 'x', ticket_type: '00000000-0000-4000-8000-000000000000' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ ticket_type: ['This ticket type does not exist.'] });
    const closed = await post('support/tickets/', alice.auth, {
      title: 'x',
      ticket_type: typeId,
      status: 'closed',
    });
    expect(closed.statusCode).toBe(400);
    const list = (await get('support/tickets/', alice.auth)).json().data;
    expect(list.result_count).toBe(1);
    // Staff are told; the bell words it in the reader's language.
    const staffBell = (await get('panel/notifications/', { ...staff.auth, ...en })).json().data.results;
    expect(staffBell).toContainEqual(
      expect.objectContaining({
        text: `New support ticket from ${alice.user.username}: "Scan stuck at 40%".`,
        link: `/settings/support/${ticket.id}`,
      }),
    );
  });

  it("lists my tickets; staff see all; another user's ticket is 404 everywhere", async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const mine = await openTicket(alice);
    await openTicket(bob);
    const aliceList = (await get('support/tickets/', alice.auth)).json().data;
    expect(aliceList.results.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    const staffList = (await get('support/tickets/?page_size=100', staff.auth)).json().data;
    expect(staffList.results.map((t: { id: string }) => t.id)).toContain(mine.id);
    expect(staffList.result_count).toBeGreaterThanOrEqual(2);

    const bobEn = { ...bob.auth, ...en };
    for (const response of [
      await get(`support/tickets/${mine.id}/`, bobEn),
      await get(`support/tickets/${mine.id}/messages/`, bobEn),
      await patch(`support/tickets/${mine.id}/`, bobEn, { status: 'closed' }),
      await send(mine.id, bob, { text: 'let me in' }, [], en),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found.' });
    }
    expect(await messageRows(mine.id)).toHaveLength(0);
    expect((await get(`support/tickets/${mine.id}/`, alice.auth)).json().data.status).toBe('open');
    expect((await get('support/tickets/')).statusCode).toBe(401);
  });

  it('closing: the owner closes, the ticket then takes no messages; only staff set other statuses', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    const notAllowed = await patch(
      `support/tickets/${ticket.id}/`,
      { ...alice.auth, ...en },
      { status: 'in_progress' },
    );
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().message).toBe(
      'Only support staff can set this status; you can close your ticket.',
    );
    const closed = await patch(`support/tickets/${ticket.id}/`, alice.auth, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closed_at: expect.any(String) });

    const refused = await send(ticket.id, alice, { text: 'one more thing' }, [], en);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'ticket_closed',
      message: 'This ticket is closed and accepts no more messages.',
    });
    const refusedFa = await send(ticket.id, staff, {}, [
      { filename: 'a.png', contentType: 'image/png', bytes: PNG },
    ]);
    expect(refusedFa.json().message).toBe('این تیکت بسته شده است و پیام جدیدی نمی‌پذیرد.');
    expect(await messageRows(ticket.id)).toHaveLength(0);
    expect(storedFiles(ticket.id)).toEqual([]);
    const reopen = await patch(`support/tickets/${ticket.id}/`, { ...staff.auth, ...en }, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('This ticket is closed; it cannot be reopened.');
    const again = await patch(`support/tickets/${ticket.id}/`, alice.auth, { status: 'closed' });
    expect(again.statusCode).toBe(200);
  });
});

describe('ticket messages', () => {
  it('staff reply moves the ticket to in progress, notifies the owner; sides are marked', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    const asked = await send(ticket.id, alice, { text: '  Any news?  ', message_type: 'image' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data).toMatchObject({
      text: 'Any news?',
      message_type: 'text',
      media: null,
      is_mine: true,
      sender_is_staff: false,
      sender: { id: alice.user.id, username: alice.user.username },
    });
    const answered = await send(ticket.id, staff, { text: 'Looking into it.' });
    expect(answered.statusCode).toBe(201);
    expect((await get(`support/tickets/${ticket.id}/`, alice.auth)).json().data.status).toBe('in_progress');

    const seen = (await get(`support/tickets/${ticket.id}/messages/`, alice.auth)).json().data;
    expect(
      seen.results.map((m: { text: string; is_mine: boolean; sender_is_staff: boolean }) => [
        m.text,
        m.is_mine,
        m.sender_is_staff,
      ]),
    ).toEqual([
      ['Any news?', true, false],
      ['Looking into it.', false, true],
    ]);
    expect(seen.results[1].sender.username).toBe(staff.user.username);
    const bell = await server.db.select().from(notifications).where(eq(notifications.user_id, alice.user.id));
    expect(bell).toEqual([
      expect.objectContaining({ message_key: 'notify.ticket_reply', link: `/settings/support/${ticket.id}` }),
    ]);
  });

  it('pages from the newest: page 1 holds the newest messages in chronological order', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    for (let i = 1; i <= 25; i += 1) {
      expect((await send(ticket.id, alice, { text: `m${i}` })).statusCode).toBe(201);
    }
    const texts = (page: { results: Array<{ text: string }> }) => page.results.map((m) => m.text);
    const first = (await get(`support/tickets/${ticket.id}/messages/?page=1&page_size=10`, alice.auth)).json()
      .data;
    expect(texts(first)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    expect(first).toMatchObject({ current_page: 1, next_page: 2, total_pages: 3, result_count: 25 });
    const last = (await get(`support/tickets/${ticket.id}/messages/?page=3&page_size=10`, alice.auth)).json()
      .data;
    expect(texts(last)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(last.next_page).toBeNull();
  });

  it('refuses empty messages, text with a file, and two files, in en and fa; stores nothing', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    const blank = await send(ticket.id, alice, { text: '   ' }, [], en);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'message_empty', message: 'Write a message or attach a file.' });
    const blankFa = await send(ticket.id, alice, {});
    expect(blankFa.json().message).toBe('پیامی بنویسید یا فایلی پیوست کنید.');
    const emptyFile = await send(
      ticket.id,
      alice,
      {},
      [{ filename: 'empty.png', bytes: Buffer.alloc(0) }],
      en,
    );
    expect(emptyFile.json().code).toBe('message_empty');
    const json = await post(`support/tickets/${ticket.id}/messages/`, { ...alice.auth, ...en }, { text: '' });
    expect(json.json().code).toBe('message_empty');
    const both = await send(ticket.id, alice, { text: 'see file' }, [{ filename: 'a.png', bytes: PNG }], en);
    expect(both.json()).toEqual({
      code: 'message_both',
      message: 'Send either text or one file in a message, not both.',
    });
    const two = await send(
      ticket.id,
      alice,
      {},
      [
        { filename: 'a.png', bytes: PNG },
        { filename: 'b.png', bytes: PNG },
      ],
      en,
    );
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ code: 'attachment_one', message: 'Attach one file per message.' });
    const long = await send(ticket.id, alice, { text: 'x'.repeat(5001) }, [], en);
    expect(long.json().message).toBe('The message is too long (5000 characters at most).');
    expect(await messageRows(ticket.id)).toHaveLength(0);
    expect(storedFiles(ticket.id)).toEqual([]);
  });
});

describe('attachments', () => {
  it('derives message_type from the content and serves files only to the participants', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const ticket = await openTicket(alice);
    const cases: Array<[FilePart, string, string]> = [
      [{ filename: 'screen.png', contentType: 'image/png', bytes: PNG }, 'image', 'image/png'],
      [{ filename: 'voice.mp3', contentType: 'audio/mpeg', bytes: MP3 }, 'audio', 'audio/mpeg'],
      [{ filename: 'clip.mp4', contentType: 'video/mp4', bytes: MP4 }, 'video', 'video/mp4'],
      [
        { filename: 'report.pdf', contentType: 'application/pdf', bytes: PDF },
        'file',
        'application/octet-stream',
      ],
      // A picture with a meaningless name is still a picture; the client's message_type is ignored.
      [{ filename: 'upload.bin', bytes: PNG }, 'image', 'image/png'],
      [
        { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('hello') },
        'file',
        'application/octet-stream',
      ],
    ];
    const sent = [];
    for (const [file, type, contentType] of cases) {
      const response = await send(ticket.id, alice, { message_type: 'video' }, [file]);
      expect(response.statusCode, file.filename).toBe(201);
      expect(response.json().data).toMatchObject({
        message_type: type,
        content_type: contentType,
        file_name: file.filename,
        file_size: file.bytes.length,
        text: null,
      });
      sent.push(response.json().data);
    }
    // The chosen file_name field wins over the part's own name.
    const named = await send(ticket.id, alice, { file_name: 'Screenshot 1.png' }, [
      { filename: 'blob', bytes: PNG },
    ]);
    expect(named.json().data.file_name).toBe('Screenshot 1.png');

    const image = sent[0];
    expect(image.media).toBe(`/api/v1/support/tickets/${ticket.id}/messages/${image.id}/attachment/`);
    const mineDownload = await server.app.inject({ method: 'GET', url: image.media, headers: alice.auth });
    expect(mineDownload.statusCode).toBe(200);
    expect(mineDownload.headers['content-type']).toBe('image/png');
    expect(mineDownload.headers['x-content-type-options']).toBe('nosniff');
    expect(mineDownload.rawPayload.equals(PNG)).toBe(true);
    const staffDownload = await server.app.inject({ method: 'GET', url: sent[3].media, headers: staff.auth });
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.headers['content-disposition']).toBe("attachment; filename*=UTF-8''report.pdf");
    expect(staffDownload.rawPayload.equals(PDF)).toBe(true);
    const outsider = await server.app.inject({ method: 'GET', url: image.media, headers: bob.auth });
    expect(outsider.statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: image.media })).statusCode).toBe(401);
    expect(storedFiles(ticket.id)).toHaveLength(7);
  });

  it('refuses disguised files (a program renamed .png or .pdf) in en and fa; stores nothing', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    const disguised = await send(
      ticket.id,
      alice,
      { message_type: 'image' },
      [{ filename: 'cat.png', contentType: 'image/png', bytes: EXE }],
      en,
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toEqual({
      code: 'attachment_disguised',
      message:
        'The content of "cat.png" does not match its name or declared type, so it was not sent. Send the file under its real name.',
    });
    const fa = await send(ticket.id, alice, {}, [{ filename: 'invoice.pdf', bytes: EXE }]);
    expect(fa.statusCode).toBe(400);
    expect(fa.json().message).toBe(
      'محتوای «invoice.pdf» با نام یا نوع اعلام‌شدهٔ آن همخوانی ندارد و ارسال نشد. فایل را با نام واقعی‌اش بفرستید.',
    );
    const fakeSong = await send(ticket.id, alice, {}, [
      { filename: 'song.mp3', bytes: Buffer.from('just text') },
    ]);
    expect(fakeSong.json().code).toBe('attachment_disguised');
    const fakeType = await send(ticket.id, alice, {}, [
      { filename: 'data', contentType: 'video/mp4', bytes: PNG },
    ]);
    expect(fakeType.json().code).toBe('attachment_disguised');
    expect(await messageRows(ticket.id)).toHaveLength(0);
    expect(storedFiles(ticket.id)).toEqual([]);
    // Under its own name a program is an ordinary file, downloaded, never shown.
    const honest = await send(ticket.id, alice, {}, [{ filename: 'tool.exe', bytes: EXE }]);
    expect(honest.statusCode).toBe(201);
    expect(honest.json().data).toMatchObject({
      message_type: 'file',
      content_type: 'application/octet-stream',
    });
  });

  it('refuses an attachment over 10 MB in en and fa; stores nothing', async () => {
    const alice = await registerUser(server);
    const ticket = await openTicket(alice);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    const refused = await send(
      ticket.id,
      alice,
      {},
      [{ filename: 'big.png', contentType: 'image/png', bytes: big }],
      en,
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'attachment_too_large',
      message: 'The attachment must be at most 10 MB.',
    });
    const fa = await send(ticket.id, alice, {}, [{ filename: 'big.png', bytes: big }]);
    expect(fa.json().message).toBe('حجم پیوست باید حداکثر ۱۰ مگابایت باشد.');
    expect(await messageRows(ticket.id)).toHaveLength(0);
    expect(storedFiles(ticket.id)).toEqual([]);
    const exact = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    const fits = await send(ticket.id, alice, {}, [{ filename: 'max.png', bytes: exact }]);
    expect(fits.statusCode).toBe(201);
  });
});
