import { MESSAGES, statusLabel } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { CLI_MESSAGES } from '../src/i18n/messages.js';
import { createTranslator } from '../src/i18n/translate.js';
import { label } from '../src/output/labels.js';

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

  // Issue 34 item 18: what the panel and the CLI both say lives once, in core's catalogue.
  it('holds no message core already has; the shared ones come from core, worded as before', () => {
    const core = new Set<string>(Object.values(MESSAGES).flatMap((m) => [m.en, m.fa]));
    const copies = Object.entries(CLI_MESSAGES).filter(([, m]) => core.has(m.en) || core.has(m.fa));
    expect(copies.map(([key]) => key)).toEqual([]);
    const counts = { name: 'Nightly', critical: 1, high: 2, medium: 0, low: 0, info: 3 };
    expect(createTranslator('en')('notify.scan_finished', counts)).toBe(
      'Scan Nightly finished: 1 critical, 2 high, 0 medium, 0 low and 3 info finding(s).',
    );
    expect(createTranslator('fa')('notify.scan_failed', { name: 'Nightly', error: 'x' })).toBe(
      'اسکن Nightly ناموفق بود: x',
    );
    expect(createTranslator('en')('logout.none')).toBe(CLI_MESSAGES['logout.none'].en);
    expect(label('fa', 'medium')).toBe('متوسط');
    expect(label).toBe(statusLabel);
    expect(label('en', 'in_progress')).toBe('in_progress');
  });
});
