import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateRangeInput, TextFilterInput } from '../src/components/filters/filter-inputs';
import { initI18n } from '../src/i18n/init-i18n';
import { en } from '../src/i18n/locales/all';
import { AssetTable, InventorySkeleton } from '../src/pages/assets/inventory/asset-table';
import { OptionList } from '../src/pages/assets/inventory/filter-panels';
import { assetFixture } from './fixtures';

/** The inventory's words for the shared filter inputs (what its filter bar passes). */
const WORDS = {
  textLabel: (label: string) => `Filter by ${label}`,
  addText: 'Add',
  dateFrom: 'From',
  dateTo: 'To',
  dateInvalid: 'Date input not valid.',
  apply: 'Apply',
};

// The option values the server would count; the test decides what each call answers.
const inventoryOptions = vi.fn();
vi.mock('../src/lib/api', () => ({
  api: { assets: { inventoryOptions: (...args: unknown[]) => inventoryOptions(...args) } },
}));

beforeAll(async () => {
  await initI18n('en', en);
});
beforeEach(() => inventoryOptions.mockReset());
afterEach(() => vi.useRealTimers());

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

const tech = (name: string) => ({
  id: name.toLowerCase(),
  version: null,
  platform: { name, icon: null, website: null, description_en: null, categories: [] },
});
const asset = assetFixture;

describe('the inventory table (spec §2)', () => {
  it('shows at most 2 addresses then "+N more" and at most 3 technology icons then "+N"', () => {
    wrap(
      <AssetTable
        assets={[
          asset({
            id: 'many',
            ip: '10.0.0.1,10.0.0.2,10.0.0.3,10.0.0.4',
            technologies: ['Nginx', 'PHP', 'jQuery', 'WordPress', 'MySQL'].map(tech),
            is_root: true,
            cname: "['edge.cdn.test', 'origin.cdn.test']",
          }),
          asset({ id: 'few', host: 'api.example.test', ip: '10.0.0.9', technologies: [tech('Express')] }),
        ]}
        selectedIds={['few']}
        onToggle={() => {}}
        onTogglePage={() => {}}
        onOpen={() => {}}
        onDelete={() => {}}
      />,
    );
    const [many, few] = screen.getAllByTestId('asset-row') as [HTMLElement, HTMLElement];
    expect(
      within(many)
        .getAllByTestId('asset-ip')
        .map((e) => e.textContent),
    ).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(within(many).getByTestId('more-ips').textContent).toBe('+2 more');
    expect(within(many).getAllByTestId('technology-icon')).toHaveLength(3);
    expect(within(many).getByTestId('more-technologies').textContent).toBe('+2');
    expect(within(many).getByTestId('root-badge').textContent).toBe('Root');
    expect(within(many).getByTestId('asset-cname').textContent).toBe('edge.cdn.test, origin.cdn.test');
    expect(within(many).getByRole('button', { name: 'Copy shop.example.test:443' })).toBeTruthy();
    expect(within(many).getByRole('button', { name: 'Copy 10.0.0.2' })).toBeTruthy();
    expect(within(few).queryByTestId('more-ips')).toBeNull();
    expect(within(few).queryByTestId('more-technologies')).toBeNull();
    expect(within(few).queryByTestId('root-badge')).toBeNull();
    expect((within(few).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('opens an asset on a row click but not on its checkbox or copy button', () => {
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    wrap(
      <AssetTable
        assets={[asset({})]}
        selectedIds={[]}
        onToggle={onToggle}
        onTogglePage={() => {}}
        onOpen={onOpen}
        onDelete={() => {}}
      />,
    );
    const row = screen.getByTestId('asset-row');
    fireEvent.click(within(row).getByRole('checkbox'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByTestId('asset-port'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('loads with 8 skeleton rows in the table view and 6 cards in the card view', () => {
    const { unmount } = wrap(<InventorySkeleton view="table" />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(8);
    unmount();
    wrap(<InventorySkeleton view="card" />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(6);
  });
});

describe('the filter menu panels (spec §4, §5, §8, §9)', () => {
  it('searches options 300 ms after typing stops and shows their counts', async () => {
    vi.useFakeTimers();
    // Let promises and React settle without moving the clock.
    const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
    inventoryOptions.mockImplementation(async (_field: string, search: string) =>
      [
        { value: '80', count: 8 },
        { value: '8080', count: 2 },
      ].filter((o) => o.value.includes(search)),
    );
    const onToggle = vi.fn();
    wrap(
      <OptionList
        field="port"
        label="Port"
        chosen={['80']}
        scope={{ asset_group: 'g1' }}
        onToggle={onToggle}
      />,
    );
    await settle();
    await settle();
    expect(screen.getByText('8080')).toBeTruthy();
    expect(inventoryOptions).toHaveBeenLastCalledWith('port', '', { asset_group: 'g1' });
    const chosen = screen.getAllByTestId('filter-option')[0]!;
    expect(chosen.getAttribute('aria-checked')).toBe('true');
    expect(chosen.textContent).toContain('8');

    fireEvent.change(screen.getByTestId('filter-option-search'), { target: { value: '808' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(inventoryOptions).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(inventoryOptions).toHaveBeenLastCalledWith('port', '808', { asset_group: 'g1' });
    await settle();
    expect(screen.getAllByTestId('filter-option')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('filter-option'));
    expect(onToggle).toHaveBeenCalledWith('8080');
  });

  it("says 'no options found' and 'failed to load options'", async () => {
    inventoryOptions.mockResolvedValueOnce([]);
    const { unmount } = wrap(
      <OptionList field="cname" label="CNAME" chosen={[]} scope={{}} onToggle={() => {}} />,
    );
    await screen.findByText('no options found');
    unmount();
    inventoryOptions.mockRejectedValueOnce(new Error('down'));
    wrap(<OptionList field="ip" label="IP" chosen={[]} scope={{}} onToggle={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('failed to load options');
  });

  it('adds a text filter only when the trimmed text is not blank, then clears the box', () => {
    const onAdd = vi.fn().mockReturnValue(true);
    wrap(<TextFilterInput label="Title" words={WORDS} onAdd={onAdd} />);
    const box = screen.getByTestId('filter-text') as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '   ' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(box, { target: { value: ' Admin ' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith('Admin');
    expect(box.value).toBe('');
  });

  it('applies a date range only with both dates, and refuses an inverted range', () => {
    const onApply = vi.fn();
    wrap(<DateRangeInput initial={null} words={WORDS} onApply={onApply} />);
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('filter-date-from'), { target: { value: '2026-02-01' } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('filter-date-to'), { target: { value: '2026-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Date input not valid.');
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('filter-date-to'), { target: { value: '2026-03-01' } });
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith('2026-02-01', '2026-03-01');
  });
});
