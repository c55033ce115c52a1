import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/index.js';

// Issue 15 §5: a name cannot lie about its extension with bidi controls.
describe('file names people see (attachments, uploaded templates, downloads)', () => {
  it('drops bidi controls, so invoice\\u202Efdp.exe reads as what it is', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect(cleanFileName(`a${c}b.pdf`)).toBe('ab.pdf');
    }
    // Persian names keep their letters (and the ZWNJ they need).
    expect(cleanFileName('گزارش‌نهایی.pdf')).toBe('گزارش‌نهایی.pdf');
  });
});

describe('the fallback', () => {
  it('names a file that had nothing left', () => {
    expect(cleanFileName('\u202E\u0000', 'template.yaml')).toBe('template.yaml');
    expect(cleanFileName(undefined)).toBe('file');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  });
});
