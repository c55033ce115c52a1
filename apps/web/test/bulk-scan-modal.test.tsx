import { ApiError } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkScanModal } from '../src/components/scans/bulk-scan-modal';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { snackbarStore } from '../src/lib/snackbar-store';

// The bulk scan modal with the real pickers and the real core start: what the person reads
// after pressing Start for each answer the server can give.

const scans = vi.hoisted(() => ({ bulkCreate: vi.fn(), histories: vi.fn() }));
vi.mock('../src/lib/api', () => ({
  api: {
    scans,
    templates: {
      list: async () => ({ results: [], next_page: null }),
      tags: async () => ({ results: [{ id: 'exposure', name: 'exposure' }], next_page: null }),
    },
  },
}));

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
});
beforeEach(async () => {
  scans.bulkCreate.mockReset();
  scans.histories.mockReset().mockResolvedValue({ results: [] });
  for (const s of snackbarStore.getSnapshot()) snackbarStore.dismiss(s.id);
  await i18next.changeLanguage('en');
});

const messages = () => snackbarStore.getSnapshot().map((s) => `${s.level}: ${s.message}`);

async function startScan() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BulkScanModal
          open
          onClose={() => {}}
          target={{
            kind: 'assets',
            assets: [
              { id: 'a1', host: '*.apps.lab.didban.test' },
              { id: 'a2', host: 'www.lab.didban.test' },
            ],
          }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('checkbox', { name: 'exposure' }));
  fireEvent.click(screen.getByRole('button', { name: i18next.t('scans:bulk.start') }));
}

describe('bulk scan modal', () => {
  it('says how many wildcard records the scan left out, and why', async () => {
    scans.bulkCreate.mockResolvedValue({ scan_id: 's1', scan_history_id: 'h1', skipped_wildcards: 1 });
    await startScan();
    await vi.waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()).toEqual([
      'success: Bulk scan started successfully!',
      'warning: 1 wildcard DNS record was left out: a wildcard answers for every name under it, so it is not a host to scan.',
    ]);
  });

  it('says nothing more when none was left out', async () => {
    scans.bulkCreate.mockResolvedValue({ scan_id: 's1', scan_history_id: 'h1', skipped_wildcards: 0 });
    await startScan();
    await vi.waitFor(() => expect(messages()).toEqual(['success: Bulk scan started successfully!']));
  });

  it('in Persian, with Persian digits', async () => {
    await i18next.changeLanguage('fa');
    scans.bulkCreate.mockResolvedValue({ scan_id: 's1', scan_history_id: 'h1', skipped_wildcards: 2 });
    await startScan();
    await vi.waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]).toMatch(/^warning: ۲ رکورد DNS عام کنار گذاشته شد/);
  });

  it('shows the server’s reason when only wildcards were picked', async () => {
    const reason =
      'There is nothing to scan: the selected assets are wildcard DNS records (*.example.com). A wildcard answers for every name under it, so it is not one host to scan; scan the hosts discovered under it instead.';
    scans.bulkCreate.mockRejectedValue(new ApiError(reason, 400, 'only_wildcards'));
    await startScan();
    expect((await within(screen.getByTestId('bulk-scan-form')).findByRole('alert')).textContent).toBe(
      `Failed to start bulk scan${reason}`,
    );
  });

  it('shows the spec’s BS-10 messages, not "Failed to create bulk scan"', async () => {
    scans.bulkCreate.mockResolvedValue({ scan_id: '' });
    await startScan();
    expect((await within(screen.getByTestId('bulk-scan-form')).findByRole('alert')).textContent).toBe(
      'Failed to start bulk scanNo scan ID returned from bulk scan creation',
    );
  });

  it('… and when the run cannot be found', async () => {
    scans.bulkCreate.mockResolvedValue({ scan_id: 's1' });
    await startScan();
    expect((await within(screen.getByTestId('bulk-scan-form')).findByRole('alert')).textContent).toBe(
      'Failed to start bulk scanCould not retrieve scan history ID',
    );
    expect(messages()).toEqual(['error: Could not retrieve scan history ID']);
  });
});
