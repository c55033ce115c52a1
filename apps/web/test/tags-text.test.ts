import { describe, expect, it } from 'vitest';
import { tagsText } from '../src/pages/scans/tags-text';

describe("a scan's template tags in the list", () => {
  it('names the first two and counts the rest, in en and fa', () => {
    expect(tagsText(['cve'], 'en')).toBe('cve');
    expect(tagsText(['cve', 'wordpress', 'exposure', 'tech'], 'en')).toBe('cve, wordpress +2');
    expect(tagsText(['cve', 'wordpress', 'exposure'], 'fa')).toBe(
      '\u2068cve\u2069، \u2068wordpress\u2069 +۱',
    );
  });

  it('says zero when the scan names no tag', () => {
    expect(tagsText([], 'en')).toBe('0');
    expect(tagsText([], 'fa')).toBe('۰');
  });
});
