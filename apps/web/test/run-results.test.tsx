import type { TemplateRun } from '@didban/core';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { RunResults } from '../src/pages/templates/run-results';

beforeAll(async () => {
  await initI18n('fa', fa);
  for (const ns of NAMESPACES) i18next.addResourceBundle('en', ns, en[ns]);
});

const run: TemplateRun = {
  id: 'run-1',
  status: 'failed',
  targets: ['http://10.0.0.5:8080'],
  template_ids: ['t-1'],
  counts: { findings: 0, targets: 1, templates: 1, failures: 0, skipped: 1 },
  findings: [],
  problems: [
    {
      kind: 'skipped',
      template_id: '',
      target: 'http://10.0.0.5:8080',
      message: '10.0.0.5:8080 is outside the allowed scan scope (internal range 10.0.0.0/8)',
    },
  ],
  error:
    "the worker stopped this task after 50000 requests, the most one task may send on it (a template or payload list asking for too many; the built-in worker's limit is DIDBAN_BUILTIN_TASK_MAX_REQUESTS)",
  created_at: '2026-11-27T10:00:00Z',
  started_at: '2026-11-27T10:00:01Z',
  finished_at: '2026-11-27T10:00:09Z',
};

describe("a template run's problems", () => {
  it('are told in Persian in fa, with the target and numbers readable', async () => {
    await i18next.changeLanguage('fa');
    const { unmount } = render(<RunResults run={run} />);
    const text = screen.getByTestId('run-results').textContent ?? '';
    expect(text).toContain('کارگزار این وظیفه را پس از ۵۰٬۰۰۰ درخواست متوقف کرد');
    expect(text).toContain('بیرون از محدودهٔ مجاز اسکن است (بازهٔ داخلی \u206810.0.0.0/8\u2069)');
    expect(text).toContain('http://10.0.0.5:8080: ');
    expect(text).not.toContain('@');
    expect(text).toContain('یافته‌ها: ۰ · هدف‌ها: ۱ · قالب‌ها: ۱');
    expect(text).toContain('۱ قالب یا درخواست اجرا نشد');
    expect(text).not.toContain('outside the allowed scan scope');
    unmount();
  });

  it('stay as the worker wrote them in en', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = render(<RunResults run={run} />);
    const text = screen.getByTestId('run-results').textContent ?? '';
    expect(text).toContain('the worker stopped this task after 50000 requests');
    expect(text).toContain('Findings: 0 · Targets: 1 · Templates: 1');
    expect(text).toContain('1 template or request did not run');
    expect(text).toContain('10.0.0.5:8080 is outside the allowed scan scope (internal range 10.0.0.0/8)');
    unmount();
  });
});
