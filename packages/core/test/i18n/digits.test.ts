import { describe, expect, it } from 'vitest';
import { localDigits, toLatinDigits } from '../../src/i18n/format.js';

describe('digits in and out of Persian', () => {
  it('reads Persian and Arabic-Indic digits as 0–9 and keeps the rest', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('port ۸۰۸۰, 443')).toBe('port 8080, 443');
  });

  it('writes 0–9 as ۰–۹ in fa only', () => {
    expect(localDigits('3600 s', 'fa')).toBe('۳۶۰۰ s');
    expect(localDigits('3600 s', 'en')).toBe('3600 s');
    expect(toLatinDigits(localDigits('9081726354', 'fa'))).toBe('9081726354');
  });
});
