import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunCount } from '../src/components/scans/run-count';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';

beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
});

const shown = (run: Parameters<typeof RunCount>[0]['run']) => {
  const { unmount } = render(<RunCount run={run} testId="count" />);
  const text = screen.getByTestId('count').textContent;
  unmount();
  return text;
};

describe("a scan run's task count", () => {
  it('says preparing before the first task is done, in en and fa', async () => {
    for (const [lang, word] of [
      ['en', 'Preparing'],
      ['fa', 'در حال آماده‌سازی'],
    ] as const) {
      await i18next.changeLanguage(lang);
      expect(shown({ status: 'running', tasks_done: 0, total_task: 4 })).toBe(word);
      expect(shown({ status: 'initializing', tasks_done: 0, total_task: null })).toBe(word);
      expect(shown({ status: 'running', tasks_done: 0, total_task: 0 })).toBe(word);
    }
  });

  it('counts once a task is done, and keeps the count of an ended run', async () => {
    await i18next.changeLanguage('en');
    expect(shown({ status: 'running', tasks_done: 1, total_task: 4 })).toBe('[1/4]');
    expect(shown({ status: 'failed', tasks_done: 0, total_task: 4 })).toBe('[0/4]');
    expect(shown({ status: 'cancelled', tasks_done: 0, total_task: null })).toBe('N/A');
    await i18next.changeLanguage('fa');
    expect(shown({ status: 'running', tasks_done: 1, total_task: 4 })).toBe('[۱/۴]');
  });
});
