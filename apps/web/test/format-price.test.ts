import { describe, expect, it } from 'vitest';
import { formatPrice } from '../src/lib/format-date';

describe('formatPrice', () => {
  it('writes rials with Persian digits and the unit after the amount in fa', () => {
    expect(formatPrice(20_000_000, 'IRR', 'fa')).toBe('۲۰٬۰۰۰٬۰۰۰ ریال');
  });
  it('writes the currency code first in en', () => {
    expect(formatPrice(20_000_000, 'IRR', 'en').replace(/\s/g, ' ')).toBe('IRR 20,000,000');
  });
});
