import { describe, expect, it } from 'vitest';
import { CLI_MESSAGES } from '../src/i18n/messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the terminal client message catalogue', () => {
  it('has every key in English and Persian, non-empty', () => {
    for (const [key, texts] of Object.entries(CLI_MESSAGES)) {
      expect(Object.keys(texts).sort(), key).toEqual(['en', 'fa']);
      expect(texts.en.trim(), key).not.toBe('');
      expect(texts.fa.trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, texts] of Object.entries(CLI_MESSAGES)) {
      expect(placeholders(texts.fa), key).toEqual(placeholders(texts.en));
    }
  });
});
