import type { ScanHistoryProblems } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { RunProblems, runProblemsKey } from '../src/pages/scans/detail/run-problems';

// A scan run's skipped templates and failures on its detail page (issue 31): template, target and
// the engine's reason (Persian in fa), five shown and the rest behind "Show all".
beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
});

const GATE = 'capability gate "self-contained" is closed (the scan did not ask for it)';
const HEADLESS = 'headless templates need a browser, which Didban workers do not run';

const data: ScanHistoryProblems = {
  skipped: 2,
  failures: 250,
  problems: [
    { kind: 'skipped', template_id: 'token-spray', target: null, message: GATE },
    { kind: 'skipped', template_id: 'screenshot', target: null, message: HEADLESS },
    ...Array.from({ length: 198 }, (_, i) => ({
      kind: 'failure' as const,
      template_id: `t-${i}`,
      target: 'https://a.example.test',
      message: `read timeout ${i}`,
    })),
  ],
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(runProblemsKey('s-1', 'h-1'), data);
  return render(
    <QueryClientProvider client={client}>
      <RunProblems scanId="s-1" historyId="h-1" live={false} />
    </QueryClientProvider>,
  );
}

describe('a scan run’s problems', () => {
  it('names the closed gate in Persian in fa, counts in Persian digits, and folds a long list', async () => {
    await i18next.changeLanguage('fa');
    const { unmount } = show();
    const block = screen.getByTestId('run-problems');
    expect(block.textContent).toContain('قالب‌هایی که اجرا نشدند');
    expect(screen.getByTestId('run-problems-counts').textContent).toBe('۲ قالب رد شد · ۲۵۰ خطا');
    const reasons = screen.getAllByTestId('run-problem-reason').map((r) => r.textContent);
    expect(reasons).toHaveLength(5);
    expect(reasons[0]).toBe('دروازهٔ توانایی «\u2068self-contained\u2069» بسته است (اسکن آن را نخواسته است)');
    expect(reasons[1]).toBe('قالب‌های headless به مرورگر نیاز دارند و کارگزارهای دیدبان مرورگر اجرا نمی‌کنند');
    expect(block.textContent).toContain('هدف: همهٔ هدف‌ها');
    expect(block.textContent).toContain('۲۰۰ مورد نخست از ۲۵۲ مورد فهرست شده است.');
    fireEvent.click(screen.getByTestId('run-problems-toggle'));
    expect(screen.getAllByTestId('run-problem')).toHaveLength(200);
    expect(screen.getByTestId('run-problems-toggle').textContent).toBe('نمایش کمتر');
    unmount();
  });

  it('keeps the engine’s words in en', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = show();
    expect(screen.getByTestId('run-problems-counts').textContent).toBe('2 templates skipped · 250 failures');
    const reasons = screen.getAllByTestId('run-problem-reason').map((r) => r.textContent);
    expect(reasons.slice(0, 3)).toEqual([GATE, HEADLESS, 'read timeout 0']);
    const items = screen.getAllByTestId('run-problem');
    expect(items[2]!.textContent).toContain('Failed');
    expect(items[2]!.textContent).toContain('t-0');
    expect(items[2]!.textContent).toContain('Target: https://a.example.test');
    expect(screen.getByTestId('run-problems-toggle').textContent).toBe('Show all 200');
    unmount();
  });
});
