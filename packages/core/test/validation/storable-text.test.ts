import { describe, expect, it } from 'vitest';
import { ApiError, createHttp, teamCreateSchema, ticketCreateSchema, validateWith } from '../../src/index.js';

// Issue 15: text PostgreSQL cannot store is refused in core, so the panel and the CLI say it in
// the user's language before anything is sent, in every field of every form.
const EN = 'Contains characters that cannot be stored (such as a NUL character). Remove them.';
const FA = 'نویسه‌هایی دارد که ذخیره نمی‌شوند (مانند نویسهٔ NUL). آن‌ها را حذف کنید.';

describe('unstorable text in forms', () => {
  it('names every field holding NUL or a lone surrogate, in English and Persian, whatever the schema', () => {
    expect(validateWith(teamCreateSchema, { name: 'Red\u0000Team' }, 'en')).toEqual({
      ok: false,
      errors: { name: [EN] },
    });
    expect(validateWith(teamCreateSchema, { name: 'Red\uD800Team' }, 'fa')).toEqual({
      ok: false,
      errors: { name: [FA] },
    });
    const ticket = validateWith(
      ticketCreateSchema,
      { title: 'Broken\u0000', description: 'ok', type_id: 'x', priority: 'low', message: 'a\uDC00b' },
      'en',
    );
    expect(ticket.ok).toBe(false);
    if (ticket.ok) return;
    expect(ticket.errors.title).toEqual([EN]);
    expect(ticket.errors.message).toEqual([EN]);
  });

  it('keeps emoji (a surrogate pair) and ordinary text', () => {
    expect(validateWith(teamCreateSchema, { name: 'Red team 🚀' }, 'en')).toEqual({
      ok: true,
      value: { name: 'Red team 🚀' },
    });
  });
});

describe('unstorable text in API calls', () => {
  it('refuses before sending, with the 400 the server would answer, in the caller language', async () => {
    let sent = 0;
    const http = createHttp({
      baseUrl: 'http://didban.invalid',
      getLanguage: () => 'fa',
      axiosConfig: {
        adapter: async (config) => {
          sent++;
          return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
        },
      },
    });
    const refused = await http
      .post('panel/templates/', { yaml: 'id: x\u0000', tags: ['a', 'b\uD800'] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'برخی فیلدها معتبر نیستند.',
      errors: { yaml: [FA], 'tags.1': [FA] },
    });
    const query = await http.get('panel/all-assets/', undefined, { search: 'a\u0000' }).catch((e) => e);
    expect((query as ApiError).errors).toEqual({ search: [FA] });
    expect(sent).toBe(0);
    await http.post('panel/teams/', { name: 'fine 🚀' });
    expect(sent).toBe(1);
  });
});
