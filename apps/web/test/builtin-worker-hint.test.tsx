import type { AssetGroup, BuiltinWorkerInfo } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkScanModal, type BulkScanTarget } from '../src/components/scans/bulk-scan-modal';
import { BuiltinWorkerHint } from '../src/components/workers/builtin-worker-hint';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { assetsGroupsEn } from '../src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../src/i18n/locales/fa/assets-groups';
import { NAMESPACES } from '../src/i18n/namespaces';
import { GroupWizard } from '../src/pages/assets/groups/group-wizard';

// Under an empty worker group field the forms say where the built-in worker may scan and the way
// out for a lab (issue 34, item 15), from what the worker group list reports of it.
let builtin: BuiltinWorkerInfo | undefined;
const WORKERS = { id: 'wg1', name: 'Lab workers' };
const group = (id: string, workerGroup: string | null): AssetGroup => ({
  id,
  name: `Group ${id}`,
  roots: ['127.50.0.10'],
  scope: { include: [], exclude: [] },
  port_setting: 'top-100',
  custom_ports: null,
  auto_discovery: true,
  worker_group: workerGroup,
  scan_frequency: 'none',
  custom_weekdays: [],
  start_time: null,
  asset_count: 1,
  duration: null,
  status: 'done',
  last_updated: '2026-12-01T10:00:00Z',
  created_at: '2026-12-01T10:00:00Z',
  enumeration: { enumeration_id: `e-${id}` },
});
const groups: Record<string, AssetGroup> = { g1: group('g1', null), g2: group('g2', WORKERS.id) };
vi.mock('../src/lib/api', () => ({
  api: {
    workers: {
      listGroups: async () => ({ results: [WORKERS], builtin_worker: builtin }),
    },
    assets: { getGroup: async (id: string) => groups[id] },
    templates: {
      list: async () => ({ results: [], next_page: null }),
      tags: async () => ({ results: [], next_page: null }),
    },
  },
}));

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
  // The wizard's strings, which the asset group pages load before they render.
  i18next.addResourceBundle('en', 'assets', assetsGroupsEn, true, false);
  i18next.addResourceBundle('fa', 'assets', assetsGroupsFa, true, false);
});
beforeEach(async () => {
  await i18next.changeLanguage('en');
});

const show = (ui: ReactNode = <BuiltinWorkerHint />) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
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

// The same hint where a group or a scan may still run on the built-in worker: the edit dialog's
// worker step left empty, and the bulk scan dialog when a target group has no worker group (a bulk
// scan's tasks go to each group's own worker group).
describe('the hint in the edit and bulk scan dialogs', () => {
  const wayOut =
    'For a lab or an internal network, try the demo (pnpm demo) or run a worker of your own on a machine that reaches it.';

  it('edit dialog: on the worker step with no worker group, gone once one is chosen', async () => {
    builtin = { enabled: true, allow: ['127.50.0.0/16'] };
    show(<GroupWizard open group={groups.g1!} onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByText('Edit asset group')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const hint = await screen.findByTestId('builtin-worker-hint');
    expect(hint.textContent).toContain('It scans public addresses and only these internal ranges:');
    expect(screen.getByTestId('builtin-worker-ranges').textContent).toBe('127.50.0.0/16');
    expect(hint.textContent).toContain(wayOut);
    await screen.findByRole('option', { name: WORKERS.name });
    fireEvent.change(screen.getByLabelText('Worker group (optional)'), { target: { value: WORKERS.id } });
    expect(screen.queryByTestId('builtin-worker-hint')).toBeNull();
  });

  it('edit dialog of a group with a worker group: no hint until it is taken out', async () => {
    builtin = { enabled: true, allow: [] };
    show(<GroupWizard open group={groups.g2!} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('option', { name: WORKERS.name });
    expect(screen.queryByTestId('builtin-worker-hint')).toBeNull();
    fireEvent.change(screen.getByLabelText('Worker group (optional)'), { target: { value: '' } });
    expect((await screen.findByTestId('builtin-worker-hint')).textContent).toContain(
      'It scans public addresses only',
    );
  });

  const bulk = (target: BulkScanTarget) => show(<BulkScanModal open onClose={() => {}} target={target} />);

  it('bulk scan of groups: shown when one has no worker group, in Persian', async () => {
    builtin = { enabled: true, allow: ['127.50.0.0/16'] };
    await i18next.changeLanguage('fa');
    bulk({
      kind: 'groups',
      groups: [
        { id: 'g1', name: 'Group g1', workerGroup: null },
        { id: 'g2', name: 'Group g2', workerGroup: WORKERS.id },
      ],
    });
    const hint = await screen.findByTestId('builtin-worker-hint');
    expect(hint.textContent).toContain('نشانی‌های عمومی و فقط این بازه‌های داخلی را اسکن می‌کند:');
    expect(screen.getByRole('link', { name: 'راه‌اندازی کارگزار' }).getAttribute('href')).toBe('/workers');
  });

  it('bulk scan of groups that all have a worker group: no hint', async () => {
    builtin = { enabled: true, allow: [] };
    bulk({ kind: 'groups', groups: [{ id: 'g2', name: 'Group g2', workerGroup: WORKERS.id }] });
    await screen.findByTestId('bulk-scan-form');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('builtin-worker-hint')).toBeNull();
  });

  it('bulk scan of assets: by their groups', async () => {
    builtin = { enabled: true, allow: [] };
    const one = bulk({ kind: 'assets', assets: [{ id: 'a2', host: 'b.lab.test', group: 'g2' }] });
    await screen.findByTestId('bulk-scan-form');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('builtin-worker-hint')).toBeNull();
    one.unmount();
    bulk({
      kind: 'assets',
      assets: [
        { id: 'a1', host: 'a.lab.test', group: 'g1' },
        { id: 'a2', host: 'b.lab.test', group: 'g2' },
      ],
    });
    expect((await screen.findByTestId('builtin-worker-hint')).textContent).toContain(wayOut);
  });
});
