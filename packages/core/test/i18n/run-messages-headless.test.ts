import { describe, expect, it } from 'vitest';
import { runMessageText } from '../../src/i18n/run-messages.js';

describe('headless skip reasons in Persian', () => {
  it('tells a worker without Chromium, the path kept left-to-right', () => {
    const en =
      'headless templates need Chromium, which this worker does not have (not found at /usr/bin/chromium)';
    expect(runMessageText(en, 'en')).toBe(en);
    expect(runMessageText(en, 'fa')).toBe(
      'قالب‌های headless به Chromium نیاز دارند و این کارگزار آن را ندارد (در \u2068/usr/bin/chromium\u2069 یافت نشد)',
    );
  });

  it('tells the closed headless gate and its flag', () => {
    expect(
      runMessageText('capability gate "headless" is closed (open it with --headless (-headless))', 'fa'),
    ).toBe(
      'دروازهٔ توانایی «\u2068headless\u2069» بسته است (با \u2068--headless (-headless)\u2069 باز می‌شود)',
    );
    expect(
      runMessageText(
        'capability gate "headless" is closed (open it with DIDBAN_BUILTIN_WORKER_HEADLESS=1)',
        'fa',
      ),
    ).toBe(
      'دروازهٔ توانایی «\u2068headless\u2069» بسته است (با \u2068DIDBAN_BUILTIN_WORKER_HEADLESS=1\u2069 باز می‌شود)',
    );
  });
});
