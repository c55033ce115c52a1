import type { BuiltinWorkerInfo } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuiltinWorkerHint } from '../src/components/workers/builtin-worker-hint';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';

// Under an empty worker group field the forms say where the built-in worker may scan and the way
// out for a lab (issue 34, item 15), from what the worker group list reports of it.
let builtin: BuiltinWorkerInfo | undefined;
vi.mock('../src/lib/api', () => ({
  api: {
    workers: {
      listGroups: async () => ({ results: [], builtin_worker: builtin }),
    },
  },
}));

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
});
beforeEach(async () => {
  await i18next.changeLanguage('en');
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BuiltinWorkerHint />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the built-in worker hint', () => {
  it('lists the ranges the operator opened, and links to Workers, in English', async () => {
    builtin = { enabled: true, allow: ['127.50.0.0/16', '10.0.0.0/30'] };
    show();
    const hint = await screen.findByTestId('builtin-worker-hint');
    expect(hint.textContent).toContain(
      'With no worker group, the built-in worker runs it. It scans public addresses and only these internal ranges:',
    );
    const ranges = [...screen.getByTestId('builtin-worker-ranges').querySelectorAll('code')];
    expect(ranges.map((c) => [c.textContent, c.getAttribute('dir')])).toEqual([
      ['127.50.0.0/16', 'ltr'],
      ['10.0.0.0/30', 'ltr'],
    ]);
    expect(hint.textContent).toContain(
      'For a lab or an internal network, try the demo (pnpm demo) or run a worker of your own on a machine that reaches it.',
    );
    expect(screen.getByRole('link', { name: 'Set up a worker' }).getAttribute('href')).toBe('/workers');
  });

  it('says public addresses only when nothing was opened, in Persian', async () => {
    builtin = { enabled: true, allow: [] };
    await i18next.changeLanguage('fa');
    show();
    const hint = await screen.findByTestId('builtin-worker-hint');
    expect(hint.textContent).toContain('فقط نشانی‌های عمومی را اسکن می‌کند');
    expect(screen.queryByTestId('builtin-worker-ranges')).toBeNull();
    expect(screen.getByRole('link', { name: 'راه‌اندازی کارگزار' }).getAttribute('href')).toBe('/workers');
  });

  it('says there is none when the server runs no built-in worker', async () => {
    builtin = { enabled: false, allow: [] };
    show();
    expect((await screen.findByTestId('builtin-worker-hint')).textContent).toContain(
      'This server runs no built-in worker',
    );
  });
});
