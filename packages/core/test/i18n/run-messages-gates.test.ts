import { describe, expect, it } from 'vitest';
import { runMessageText } from '../../src/i18n/run-messages.js';

describe('capability gate messages in Persian', () => {
  it('tells a closed gate and how it opens', () => {
    expect(
      runMessageText('capability gate "self-contained" is closed (the scan did not ask for it)', 'fa'),
    ).toBe('دروازهٔ توانایی «\u2068self-contained\u2069» بسته است (اسکن آن را نخواسته است)');
    expect(
      runMessageText(
        'capability gate "self-contained" is closed (open it with --enable-self-contained (-esc))',
        'fa',
      ),
    ).toBe(
      'دروازهٔ توانایی «\u2068self-contained\u2069» بسته است (با \u2068--enable-self-contained (-esc)\u2069 باز می‌شود)',
    );
  });

  it('names the gate before the engine’s own reason, also translated', () => {
    expect(
      runMessageText(
        'capability gate "code": code templates execute local interpreters on the worker, which Didban does not allow',
        'fa',
      ),
    ).toBe(
      'دروازهٔ توانایی «\u2068code\u2069»: قالب‌های code مفسرهای محلی را روی کارگزار اجرا می‌کنند و دیدبان این را اجازه نمی‌دهد',
    );
  });

  it('leaves English as written', () => {
    const text = 'capability gate "code" is closed (this runner never opens it)';
    expect(runMessageText(text, 'en')).toBe(text);
  });
});
