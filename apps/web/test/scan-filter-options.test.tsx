import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterOptionList } from '../src/components/scans/filters/filter-option-list';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';

const filterValues = vi.fn();
vi.mock('../src/lib/api', () => ({
  api: { scans: { filterValues: (...args: unknown[]) => filterValues(...args) } },
}));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => {
  filterValues.mockReset();
});

const show = (field: string, onToggle = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FilterOptionList field={field} label={field} chosen={[]} onToggle={onToggle} />
    </QueryClientProvider>,
  );

const values = () => screen.queryAllByTestId('filter-option').map((el) => el.getAttribute('data-value'));

describe('scan filter options (spec §8)', () => {
  it("shows the server's options with their counts, and never the sample values", async () => {
    filterValues.mockResolvedValue([{ value: 'shop.example', count: 3, label: null }]);
    show('host');
    await screen.findByText('shop.example');
    expect(values()).toEqual(['shop.example']);
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.queryByTestId('filter-sample-note')).toBeNull();
    expect(filterValues).toHaveBeenCalledWith('host', '');
  });

  it('falls back to the built-in sample values, filtered by the search, when loading fails', async () => {
    filterValues.mockImplementation(async () => {
      throw new Error('offline');
    });
    show('host');
    await screen.findByTestId('filter-sample-note');
    expect(values()).toContain('api.example.com');
    fireEvent.change(screen.getByTestId('filter-option-search'), { target: { value: 'API' } });
    await waitFor(() => expect(values()).toEqual(['api.example.com']), { timeout: 2000 });
    expect(filterValues).toHaveBeenLastCalledWith('host', 'API');
  });

  it("says 'failed to load options' for a key without sample values", async () => {
    filterValues.mockImplementation(async () => {
      throw new Error('offline');
    });
    show('asset_group');
    expect((await screen.findByRole('alert')).textContent).toBe('failed to load options');
    expect(values()).toEqual([]);
  });

  it("says 'no options found' when the server has none, and passes the label on a choice", async () => {
    filterValues.mockResolvedValue([]);
    show('template_tags');
    await screen.findByText('no options found');

    filterValues.mockResolvedValue([{ value: 'g-1', count: 2, label: 'Shop' }]);
    const onToggle = vi.fn();
    show('asset_group', onToggle);
    fireEvent.click(await screen.findByText('Shop'));
    expect(onToggle).toHaveBeenCalledWith({ value: 'g-1', count: 2, label: 'Shop' });
  });
});
