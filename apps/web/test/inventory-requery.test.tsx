import type { Asset } from '@didban/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { InventoryView } from '../src/pages/assets/inventory/inventory-view';
import { assetFixture } from './fixtures';

// The inventory re-asked with a new sort while the answer is slow: the old rows must not read
// as the new order. The test holds the second answer back and looks at what is on screen.

const asset = (id: string, host: string) => assetFixture({ id, host, title: null });
const page = (assets: Asset[]) => ({
  results: assets,
  result_count: assets.length,
  total_pages: 1,
  current_page: 1,
});

const pending: ((value: unknown) => void)[] = [];
const inventory = vi.fn();
vi.mock('../src/lib/api', () => ({
  api: { assets: { inventory: (...args: unknown[]) => inventory(...args) } },
}));

beforeAll(async () => {
  await initI18n('en', en);
});

const hosts = () => screen.getAllByTestId('asset-host').map((el) => el.textContent);

describe('inventory: a slow re-sort', () => {
  it('shows the old rows as loading (dimmed, "Updating…") until the new order arrives', async () => {
    inventory.mockResolvedValueOnce(page([asset('1', 'b.test'), asset('2', 'a.test')]));
    inventory.mockImplementationOnce(() => new Promise((resolve) => pending.push(resolve)));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <InventoryView />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Table' }));
    expect(await screen.findAllByTestId('asset-host')).toHaveLength(2);
    expect(screen.queryByTestId('rows-updating')).toBeNull();

    fireEvent.change(screen.getByTestId('inventory-sort'), { target: { value: 'host' } });
    const updating = await screen.findByTestId('rows-updating');
    expect(updating.textContent).toBe('Updating…');
    const frame = updating.parentElement!;
    expect(frame.getAttribute('aria-busy')).toBe('true');
    // The old rows are still there (no jump), but inside the busy frame.
    expect(within(frame).getAllByTestId('asset-host')).toHaveLength(2);

    pending[0]!(page([asset('2', 'a.test'), asset('1', 'b.test')]));
    await vi.waitFor(() => expect(screen.queryByTestId('rows-updating')).toBeNull());
    expect(hosts()).toEqual(['a.test:443', 'b.test:443']);
  });
});
