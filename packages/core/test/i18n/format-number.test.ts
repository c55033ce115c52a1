import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/format.js';

// Issue 34 item 11: Persian numbers are grouped with the Persian separator "٬" (U+066C), never a
// Latin comma ("۳,۰۰۰"), whatever locale data the runtime has.
const RealNumberFormat = Intl.NumberFormat;

describe('formatNumber', () => {
  it('groups Persian digits with the Persian separator, English with a comma', () => {
    expect(formatNumber(3000, 'fa')).toBe('۳٬۰۰۰');
    expect(formatNumber(1_234_567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(3000, 'en')).toBe('3,000');
    expect(formatNumber(42, 'fa')).toBe('۴۲');
  });

  it('still writes Persian separators and digits on a runtime without Persian locale data', () => {
    // What Node built with small-icu does: every locale falls back to en-US.
    class EnglishOnly extends RealNumberFormat {
      constructor(_locale?: string | string[], options?: Intl.NumberFormatOptions) {
        super('en-US', options);
      }
    }
    Intl.NumberFormat = EnglishOnly as typeof Intl.NumberFormat;
    try {
      expect(new Intl.NumberFormat('fa-IR').format(3000)).toBe('3,000');
      expect(formatNumber(3000, 'fa')).toBe('۳٬۰۰۰');
      expect(formatNumber(1234.5, 'fa')).toBe('۱٬۲۳۴٫۵');
      expect(formatNumber(3000, 'en')).toBe('3,000');
    } finally {
      Intl.NumberFormat = RealNumberFormat;
    }
  });
});
