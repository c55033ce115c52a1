import { describe, expect, it } from 'vitest';
import {
  memberRoleChangeSchema,
  teamCreateSchema,
  teamInviteSchema,
  transferOwnershipSchema,
  validateWith,
} from '../../src/index.js';

describe('team name (spec §5)', () => {
  it.each([
    [{}, 'Team name is required', 'نام تیم الزامی است'],
    [{ name: null }, 'Team name is required', 'نام تیم الزامی است'],
    [{ name: '  ' }, 'Team name is required', 'نام تیم الزامی است'],
    [{ name: ' a ' }, 'Team name must be at least 2 characters', 'نام تیم باید دست‌کم ۲ نویسه باشد'],
  ])('refuses %j in en and fa', (values, en, fa) => {
    expect(validateWith(teamCreateSchema, values, 'en')).toEqual({ ok: false, errors: { name: [en] } });
    expect(validateWith(teamCreateSchema, values, 'fa')).toEqual({ ok: false, errors: { name: [fa] } });
  });

  it('trims and accepts 2 characters, Persian included', () => {
    expect(validateWith(teamCreateSchema, { name: ' ab ' }, 'en')).toEqual({
      ok: true,
      value: { name: 'ab' },
    });
    expect(validateWith(teamCreateSchema, { name: 'تیم' }, 'fa')).toEqual({
      ok: true,
      value: { name: 'تیم' },
    });
  });
});

describe('invitation', () => {
  it("requires an email or username: 'Email or username is required'", () => {
    expect(validateWith(teamInviteSchema, { email_or_username: ' ' }, 'en')).toEqual({
      ok: false,
      errors: { email_or_username: ['Email or username is required'] },
    });
    expect(validateWith(teamInviteSchema, {}, 'fa')).toEqual({
      ok: false,
      errors: { email_or_username: ['ایمیل یا نام کاربری الزامی است'] },
    });
  });

  it('defaults the role to user and never invites an owner', () => {
    expect(teamInviteSchema.parse({ email_or_username: 'sara' })).toEqual({
      email_or_username: 'sara',
      role: 'user',
    });
    expect(validateWith(teamInviteSchema, { email_or_username: 'sara', role: 'owner' }, 'en')).toEqual({
      ok: false,
      errors: { role: ['Invite as admin or user; ownership is handed over separately.'] },
    });
  });
});

describe('role change and hand-over', () => {
  it('knows the three roles only', () => {
    expect(memberRoleChangeSchema.safeParse({ role: 'admin' }).success).toBe(true);
    expect(validateWith(memberRoleChangeSchema, { role: 'root' }, 'fa')).toEqual({
      ok: false,
      errors: { role: ['نقش باید یکی از مالک، مدیر یا کاربر باشد.'] },
    });
  });

  it('hands over to a user id', () => {
    expect(validateWith(transferOwnershipSchema, { user_id: 'bob' }, 'en')).toEqual({
      ok: false,
      errors: { user_id: ['Choose a member of the team.'] },
    });
  });
});
