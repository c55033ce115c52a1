import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRelativeTime } from '../src/hooks/use-relative-time';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';

const now = Date.parse('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
});

function texts(lang: 'fa' | 'en') {
  return async () => {
    await i18next.changeLanguage(lang);
    const { result } = renderHook(() => useRelativeTime());
    const format = result.current;
    return [ago(10_000), ago(60_000), ago(5 * 60_000), ago(2 * 3_600_000), ago(3 * 86_400_000)].map((t) =>
      format(t, now),
    );
  };
}

describe('relative times in both languages (spec §9)', () => {
  it('reads naturally in Persian, with Persian digits', async () => {
    expect(await texts('fa')()).toEqual([
      'همین حالا',
      '۱ دقیقه پیش',
      '۵ دقیقه پیش',
      '۲ ساعت پیش',
      '۳ روز پیش',
    ]);
  });
  it('reads naturally in English, singular and plural', async () => {
    expect(await texts('en')()).toEqual([
      'just now',
      '1 minute ago',
      '5 minutes ago',
      '2 hours ago',
      '3 days ago',
    ]);
  });
});
