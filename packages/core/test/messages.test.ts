import { describe, expect, it } from 'vitest';
import { MESSAGES, toLang, translate } from '../src/index.js';

describe('message catalogue', () => {
  it('has every message in both languages, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(texts.en.length, key).toBeGreaterThan(0);
      expect(texts.fa.length, key).toBeGreaterThan(0);
      expect(placeholders(texts.fa), key).toEqual(placeholders(texts.en));
    }
  });

  it('fills placeholders', () => {
    expect(translate('errors.rate_limited', 'en', { seconds: 30 })).toBe(
      'Too many attempts. Try again in 30 seconds.',
    );
  });

  it('reads the language from an Accept-Language header, defaulting to Persian', () => {
    expect(toLang('en-US,en;q=0.9')).toBe('en');
    expect(toLang('de-DE,en;q=0.5')).toBe('en');
    expect(toLang('de')).toBe('fa');
    expect(toLang(undefined)).toBe('fa');
  });
});

describe('numbers in messages (issue 34, item 10)', () => {
  it('writes a number parameter in Persian digits in fa and as is in en', () => {
    expect(translate('errors.rate_limited', 'fa', { seconds: 50 })).toContain('۵۰ ثانیه');
    expect(translate('errors.rate_limited', 'en', { seconds: 50 })).toContain('50');
  });
  it('keeps digits inside a text parameter (a host and port) as written', () => {
    const text = translate('notify.discovery_finished', 'fa', { name: 'lab 10.0.0.1', count: 3 });
    expect(text).toContain('lab 10.0.0.1');
    expect(text).toContain('۳ دارایی جدید');
  });
});
