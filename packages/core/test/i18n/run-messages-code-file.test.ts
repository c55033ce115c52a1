import { describe, expect, it } from 'vitest';
import { runMessageText } from '../../src/i18n/run-messages.js';

// The skip reasons code and file templates give on a worker (engine protocols/code, protocols/file).
describe('code and file template messages in Persian', () => {
  it('tells why a code block did not run', () => {
    expect(runMessageText("engines 'python3,py' not available on host", 'fa')).toBe(
      'مفسرهای \u2068python3,py\u2069 روی این ماشین نیستند',
    );
    expect(runMessageText('code execution deadline exceeded (bash)', 'fa')).toBe(
      'اجرای کد از مهلتش گذشت (\u2068bash\u2069)',
    );
    expect(runMessageText('docker is not available (no Docker daemon answers on this machine)', 'fa')).toBe(
      'docker در دسترس نیست (هیچ سرویس Docker روی این ماشین پاسخ نمی‌دهد)',
    );
  });

  it('tells why a path was not read', () => {
    expect(runMessageText('no such file or folder', 'fa')).toBe('چنین فایل یا پوشه‌ای نیست');
    expect(
      runMessageText('outside the folders this runner may read (--file-root /srv/a, /srv/b)', 'fa'),
    ).toBe(
      'بیرون از پوشه‌هایی است که این اجراکننده اجازهٔ خواندنشان را دارد (\u2068--file-root /srv/a, /srv/b\u2069)',
    );
  });
});
