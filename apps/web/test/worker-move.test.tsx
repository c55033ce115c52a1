import type { Worker } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { NAMESPACES } from '../src/i18n/namespaces';
import { snackbarStore } from '../src/lib/snackbar-store';
import { MoveToGroup } from '../src/pages/workers/move-to-group';

// An existing worker is put into a worker group from its page (issue 34, item 15): before, only a
// new worker could be given a group.
const update = vi.fn();
vi.mock('../src/lib/api', () => ({
  api: {
    workers: {
      listGroups: async () => ({
        results: [
          { id: 'g-eu', name: 'EU lab' },
          { id: 'g-ir', name: 'تهران' },
        ],
      }),
      update: (...args: unknown[]) => update(...args),
    },
  },
}));

beforeAll(async () => {
  await initI18n('en', en);
  for (const ns of NAMESPACES) i18next.addResourceBundle('fa', ns, fa[ns]);
});
beforeEach(async () => {
  update.mockReset();
  await i18next.changeLanguage('en');
});

const worker = (group_id: string | null) =>
  ({ id: 'w1', name: 'edge', group_id, status: 'online' }) as unknown as Worker;
const show = (w: Worker) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MoveToGroup worker={w} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Move to group on the worker page', () => {
  it('puts an ungrouped worker into a group and says so', async () => {
    update.mockResolvedValue({ ...worker('g-ir') });
    show(worker(null));
    const select = screen.getByLabelText('Move to group') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'تهران' });
    const move = screen.getByRole('button', { name: 'Move' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'g-ir' } });
    fireEvent.click(move);
    await waitFor(() => expect(update).toHaveBeenCalledWith('w1', { group_id: 'g-ir' }));
    await waitFor(() =>
      expect(snackbarStore.getSnapshot().map((s) => s.message)).toContain(
        'Worker moved. Its next tasks come from the new group’s asset groups and scans.',
      ),
    );
  });

  it('takes a worker out of its group, in Persian', async () => {
    update.mockResolvedValue({ ...worker(null) });
    await i18next.changeLanguage('fa');
    show(worker('g-eu'));
    await screen.findByRole('option', { name: 'EU lab' });
    const select = screen.getByLabelText('انتقال به گروه') as HTMLSelectElement;
    expect(select.value).toBe('g-eu');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'انتقال' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('w1', { group_id: null }));
  });
});
