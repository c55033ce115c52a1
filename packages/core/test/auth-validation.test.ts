import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema, validateWith } from '../src/index.js';

describe('sign-in validation (spec §5)', () => {
  it('requires username, email and password, in English', () => {
    const result = validateWith(signInSchema, {}, 'en');
    expect(result).toEqual({
      ok: false,
      errors: {
        username: ['Username is required'],
        email: ['Email is required'],
        password: ['Password is required'],
      },
    });
  });

  it('requires the same fields in Persian', () => {
    const result = validateWith(signInSchema, { username: '', email: '', password: '' }, 'fa');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.username).toEqual(['نام کاربری الزامی است']);
    expect(result.errors.email).toEqual(['ایمیل الزامی است']);
    expect(result.errors.password).toEqual(['گذرواژه الزامی است']);
  });

  it('rejects a malformed email and a short password', () => {
    const result = validateWith(
      signInSchema,
      { username: 'ali', email: 'not-an-email', password: '123' },
      'en',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        email: ['Enter a valid email address'],
        password: ['Password must be at least 6 characters'],
      },
    });
  });

  it('accepts valid input and trims the username and email', () => {
    const result = validateWith(
      signInSchema,
      { username: ' ali ', email: ' ali@example.com ', password: 'secret1' },
      'en',
    );
    expect(result).toEqual({
      ok: true,
      value: { username: 'ali', email: 'ali@example.com', password: 'secret1' },
    });
  });

  it('reports a wrong type instead of a missing field', () => {
    const result = validateWith(signInSchema, { username: 5, email: 'a@b.co', password: 'secret1' }, 'en');
    expect(result).toEqual({ ok: false, errors: { username: ['Expected string.'] } });
  });
});

describe('sign-up validation (spec §5)', () => {
  const valid = {
    username: 'ali',
    email: 'ali@example.com',
    password: 'secret1',
    confirm_password: 'secret1',
  };

  it('needs a username of at least 3 characters', () => {
    const result = validateWith(signUpSchema, { ...valid, username: 'al' }, 'en');
    expect(result).toEqual({ ok: false, errors: { username: ['Username must be at least 3 characters'] } });
  });

  it('needs the confirmation', () => {
    const result = validateWith(signUpSchema, { ...valid, confirm_password: '' }, 'en');
    expect(result).toEqual({ ok: false, errors: { confirm_password: ['Confirm password is required'] } });
  });

  it('needs the confirmation to match, in Persian', () => {
    const result = validateWith(signUpSchema, { ...valid, confirm_password: 'secret2' }, 'fa');
    expect(result).toEqual({ ok: false, errors: { confirm_password: ['گذرواژه و تکرار آن یکسان نیستند'] } });
  });

  it('rejects unknown fields', () => {
    const result = validateWith(signUpSchema, { ...valid, is_staff: true }, 'en');
    expect(result).toEqual({ ok: false, errors: { is_staff: ['Unknown field.'] } });
  });

  it('accepts a valid registration', () => {
    expect(validateWith(signUpSchema, valid, 'en').ok).toBe(true);
  });
});

describe('common passwords (issue 15)', () => {
  const signUp = (password: string) => ({
    username: 'sara',
    email: 'sara@example.com',
    password,
    confirm_password: password,
  });
  it('refuses the most common passwords at sign-up, in any letter case, in en and fa', () => {
    for (const password of ['123456789', 'Password1', 'QWERTY123', 'iloveyou', 'p@ssw0rd']) {
      expect(validateWith(signUpSchema, signUp(password), 'en')).toEqual({
        ok: false,
        errors: {
          password: ['This password is one of the most common ones and easy to guess. Choose another.'],
        },
      });
    }
    expect(validateWith(signUpSchema, signUp('password'), 'fa')).toEqual({
      ok: false,
      errors: {
        password: ['این گذرواژه از رایج‌ترین گذرواژه‌هاست و به‌آسانی حدس زده می‌شود. گذرواژهٔ دیگری انتخاب کنید.'],
      },
    });
  });
  it('keeps the length rule first and lets uncommon passwords and sign-in through', () => {
    expect(validateWith(signUpSchema, signUp('12345'), 'en')).toMatchObject({
      errors: { password: ['Password must be at least 6 characters'] },
    });
    expect(validateWith(signUpSchema, signUp('x7-long-passphrase'), 'en').ok).toBe(true);
    // An account made before the rule can still sign in.
    expect(
      validateWith(signInSchema, { username: 'sara', email: 'sara@example.com', password: 'password' }, 'en')
        .ok,
    ).toBe(true);
  });
});
